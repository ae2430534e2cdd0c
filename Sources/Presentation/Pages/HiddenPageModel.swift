public import HTMLTemplates

/// `hidden.html`: the people whose stories the signed-in person hid, each with Unhide.
public struct HiddenPageModel: PageModel, Equatable {
    public static let templateName = "hidden"

    /// One hidden person's row.
    public struct Person: TemplateModel, Equatable {
        public var name: String
        public var handle: String
        public var profileHref: String
        public var avatar: AvatarModel
        public var form: HideFormModel

        public init(name: String, handle: String, profileHref: String, avatar: AvatarModel, form: HideFormModel) {
            self.name = name
            self.handle = handle
            self.profileHref = profileHref
            self.avatar = avatar
            self.form = form
        }

        public var templateValues: [String: TemplateValue] {
            [
                "name": .string(name),
                "handle": .string(handle),
                "profileHref": .string(profileHref),
                "avatar": avatar.templateValue,
                "form": form.templateValue,
            ]
        }
    }

    public var people: [Person]

    public init(people: [Person]) {
        self.people = people
    }

    public var templateValues: [String: TemplateValue] {
        ["people": .list(people.map(\.templateValue)), "hasPeople": .bool(!people.isEmpty)]
    }
}
