// Declarations of the Security API (keychain items) the glue uses, as Apple documents them.
import AppleFoundationShim

// Core Foundation types, as the keychain API takes them. On Apple platforms these are distinct
// Core Foundation types toll-free bridged with their Foundation classes; Linux's Foundation does not
// export them, so they are the Foundation classes here. The glue uses them only the documented way
// (`kSecClass as String`, `query as CFDictionary`, `result as? [String: Any]`), which compiles on both.
/// An immutable string (`CFString`).
public typealias CFString = NSString
/// An immutable dictionary (`CFDictionary`).
public typealias CFDictionary = NSDictionary
/// Any Core Foundation object (`CFTypeRef`).
public typealias CFTypeRef = AnyObject
/// A result code of Apple's C APIs.
public typealias OSStatus = Int32

/// No error.
@available(iOS 2.0, macOS 10.6, *)
public var errSecSuccess: OSStatus { fatalError() }
/// The item cannot be found.
@available(iOS 2.0, macOS 10.6, *)
public var errSecItemNotFound: OSStatus { fatalError() }
/// The item already exists.
@available(iOS 2.0, macOS 10.6, *)
public var errSecDuplicateItem: OSStatus { fatalError() }
/// A required entitlement is missing.
@available(iOS 2.0, macOS 10.6, *)
public var errSecMissingEntitlement: OSStatus { fatalError() }

/// Adds items to a keychain.
@available(iOS 2.0, macOS 10.6, *)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }

/// Returns one or more keychain items that match a search query, or their attributes.
@available(iOS 2.0, macOS 10.6, *)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { fatalError() }

/// Deletes items that match a search query.
@available(iOS 2.0, macOS 10.6, *)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError() }

/// A string that explains the meaning of a security result code.
@available(iOS 11.3, macOS 10.3, *)
public func SecCopyErrorMessageString(_ status: OSStatus, _ reserved: UnsafeMutableRawPointer?) -> CFString? { fatalError() }

// Item class and its value.
/// The item's class.
@available(iOS 2.0, macOS 10.6, *)
public var kSecClass: CFString { fatalError() }
/// The generic password item class.
@available(iOS 2.0, macOS 10.6, *)
public var kSecClassGenericPassword: CFString { fatalError() }

// Item attributes.
/// The item's service.
@available(iOS 2.0, macOS 10.6, *)
public var kSecAttrService: CFString { fatalError() }
/// The item's account.
@available(iOS 2.0, macOS 10.6, *)
public var kSecAttrAccount: CFString { fatalError() }
/// The item's one access group.
@available(iOS 3.0, macOS 10.9, *)
public var kSecAttrAccessGroup: CFString { fatalError() }
/// When the item's data can be read.
@available(iOS 4.0, macOS 10.9, *)
public var kSecAttrAccessible: CFString { fatalError() }
/// Readable after the first unlock after a restart, on this device only.
@available(iOS 4.0, macOS 10.9, *)
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { fatalError() }
/// Readable after the first unlock after a restart.
@available(iOS 4.0, macOS 10.9, *)
public var kSecAttrAccessibleAfterFirstUnlock: CFString { fatalError() }
/// Whether the item synchronizes through iCloud.
@available(iOS 7.0, macOS 10.9, *)
public var kSecAttrSynchronizable: CFString { fatalError() }

// Values, results and search.
/// The item's data.
@available(iOS 2.0, macOS 10.6, *)
public var kSecValueData: CFString { fatalError() }
/// Return the item's data.
@available(iOS 2.0, macOS 10.6, *)
public var kSecReturnData: CFString { fatalError() }
/// Return the item's attributes.
@available(iOS 2.0, macOS 10.6, *)
public var kSecReturnAttributes: CFString { fatalError() }
/// How many items to return.
@available(iOS 2.0, macOS 10.6, *)
public var kSecMatchLimit: CFString { fatalError() }
/// Return one item.
@available(iOS 2.0, macOS 10.6, *)
public var kSecMatchLimitOne: CFString { fatalError() }
/// Use the data-protection keychain (the only one on iOS).
@available(iOS 13.0, macOS 10.15, *)
public var kSecUseDataProtectionKeychain: CFString { fatalError() }
