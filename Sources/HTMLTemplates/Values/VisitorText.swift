/// Text a page shows that differs per visitor (a seen ring, the form token, the signed-in
/// account's handle): known when the page is rendered for one visitor, or a numbered slot
/// when it is rendered once as a stencil for many (``TemplateLibrary/renderStencil(_:_:)``)
/// and filled per visitor.
///
/// Models mark such fields with this type, so which parts of a page are per visitor is
/// written down where the page's data is, instead of being discovered by rendering twice
/// and comparing. A slot must stand for a non-empty string that the template only prints
/// (a section cannot test or loop over it).
package enum VisitorText: Sendable, Hashable {
    case text(String)
    case slot(Int)

    package var templateValue: TemplateValue {
        switch self {
        case .text(let text): .string(text)
        case .slot(let id): .slot(id)
        }
    }
}
