package import HTMLTemplates

/// `hidden.html`: the people whose stories the signed-in person hid, each with Unhide;
/// just after hiding someone, a message with Undo at the top.
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

    /// The message shown right after hiding someone, with its Undo form.
    package struct Undo: TemplateModel, Equatable {
        package var message: String
        package var form: HideFormModel

        package init(message: String, form: HideFormModel) {
            self.message = message
            self.form = form
        }

        package var templateValues: [String: TemplateValue] {
            ["message": .string(message), "form": form.templateValue]
        }
    }

    package var people: [Person]
    package var undo: Undo?
    /// "Back to stories": where the person was before hiding someone, else home.
    package var backHref: String

    package init(people: [Person], undo: Undo? = nil, backHref: String = "/") {
        self.people = people
        self.undo = undo
        self.backHref = backHref
    }

    package var templateValues: [String: TemplateValue] {
        [
            "people": .list(people.map(\.templateValue)), "hasPeople": .bool(!people.isEmpty),
            "undo": undo?.templateValue ?? .null, "backHref": .string(backHref),
        ]
    }
}
