import ClipKit
import Foundation

/// What the museum's app (or clip) shows for a link, decided by a switch over the generated route
/// enum: the exhibit's page in the link's language, a ticket, or why the link is not the museum's.
enum ExhibitScreen: Equatable, Sendable {
    /// The exhibit's page; `language` is the link's `lang` query item, if it has one.
    case exhibit(number: Int, language: String?, tourStop: Int?)
    /// A ticket.
    case ticket(UUID)
    /// Not a museum link; the reason says why.
    case unsupported(reason: String)

    /// The screen for `link`.
    static func screen(for link: String, router: ClipRouter) -> ExhibitScreen {
        switch router.route(link) {
        case .success(let invocation):
            switch invocation.route {
            case .exhibit(let exhibit, let lang, let tour): return .exhibit(number: exhibit, language: lang, tourStop: tour)
            case .ticket(let ticket): return .ticket(ticket)
            }
        case .failure(let reason):
            return .unsupported(reason: reason.description)
        }
    }
}
