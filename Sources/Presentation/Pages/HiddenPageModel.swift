package import HTMLTemplates

/// `hidden.html`: the people whose stories the signed-in person hid, each with Unhide.
package struct HiddenPageModel: PageModel, Equatable {
    package static let templateName = "hidden"

    /// One hidden person's row.
    package struct Person: TemplateModel, Equatable {
        package var name: String
        package var handle: String
        package var profileHref: String
        package var avatar: AvatarModel
        package var form: HideFormModel

        package init(name: String, handle: String, profileHref: String, avatar: AvatarModel, form: HideFormModel) {
            self.name = name
            self.handle = handle
            self.profileHref = profileHref
            self.avatar = avatar
            self.form = form
        }

        package var templateValues: [String: TemplateValue] {
            [
                "name": .string(name),
                "handle": .string(handle),
                "profileHref": .string(profileHref),
                "avatar": avatar.templateValue,
                "form": form.templateValue,
            ]
        }
    }

    package var people: [Person]

    package init(people: [Person]) {
        self.people = people
    }

    package var templateValues: [String: TemplateValue] {
        ["people": .list(people.map(\.templateValue)), "hasPeople": .bool(!people.isEmpty)]
    }
}
