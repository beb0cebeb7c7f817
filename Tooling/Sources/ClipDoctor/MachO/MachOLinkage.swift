/// What one architecture slice of a Mach-O executable links against and imports.
package struct MachOLinkage: Sendable, Hashable {
    /// A library named by a load command.
    package struct Library: Sendable, Hashable {
        /// The install name, such as `/System/Library/Frameworks/HealthKit.framework/HealthKit`.
        package var path: String
        /// Whether it is linked weakly (`LC_LOAD_WEAK_DYLIB`): the executable still loads without it.
        package var isWeak: Bool

        /// Creates a library reference.
        package init(path: String, isWeak: Bool) {
            self.path = path
            self.isWeak = isWeak
        }

        /// The framework's name (`HealthKit` for `…/HealthKit.framework/HealthKit`), or the file name.
        package var name: String {
            let parts = path.split(separator: "/")
            if let framework = parts.last(where: { $0.hasSuffix(".framework") }) { return String(framework.dropLast(".framework".count)) }
            return parts.last.map(String.init) ?? path
        }
    }

    /// Where an imported symbol was found.
    package enum SymbolSource: String, Sendable, Hashable {
        /// The chained-fixups import table (`LC_DYLD_CHAINED_FIXUPS`).
        case chainedFixups
        /// The classic symbol table (`LC_SYMTAB`), undefined external symbols.
        case symbolTable
    }

    /// A symbol the executable takes from a library.
    package struct ImportedSymbol: Sendable, Hashable {
        /// The symbol's name as the linker writes it, such as `_OBJC_CLASS_$_HKHealthStore`.
        package var name: String
        /// The library it comes from, when the ordinal names one of ``MachOLinkage/libraries``.
        package var library: String?
        /// Where it was found.
        package var source: SymbolSource

        /// Creates an imported symbol.
        package init(name: String, library: String?, source: SymbolSource) {
            self.name = name
            self.library = library
            self.source = source
        }
    }

    /// The slice's architecture, such as `arm64`.
    package var architecture: String
    /// The libraries of `LC_LOAD_DYLIB`, `LC_LOAD_WEAK_DYLIB`, `LC_REEXPORT_DYLIB`,
    /// `LC_LAZY_LOAD_DYLIB` and `LC_LOAD_UPWARD_DYLIB`, in load-command order.
    package var libraries: [Library]
    /// Every imported symbol, from both the chained fixups and the symbol table.
    package var importedSymbols: [ImportedSymbol]
    /// The Objective-C selector names in `__TEXT,__objc_methname`: the methods the code sends.
    package var selectors: [String]

    /// Creates a description.
    package init(architecture: String, libraries: [Library], importedSymbols: [ImportedSymbol], selectors: [String]) {
        self.architecture = architecture
        self.libraries = libraries
        self.importedSymbols = importedSymbols
        self.selectors = selectors
    }

    /// The Objective-C classes the code references from libraries (`_OBJC_CLASS_$_Name` imports), by name.
    package var objectiveCClassReferences: [String] {
        var seen: Set<String> = []
        return importedSymbols.compactMap { symbol -> String? in
            for prefix in ["_OBJC_CLASS_$_", "_OBJC_METACLASS_$_"] where symbol.name.hasPrefix(prefix) {
                return String(symbol.name.dropFirst(prefix.count))
            }
            return nil
        }.filter { seen.insert($0).inserted }
    }
}
