import ClipKitCLI
import Foundation

exit(await ClipKitMain.run(Array(CommandLine.arguments.dropFirst())))
