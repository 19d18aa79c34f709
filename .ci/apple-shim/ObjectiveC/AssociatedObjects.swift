// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the Trailcast authors. See LICENSE and NOTICE.
// A stand-in for the Objective-C runtime's associated objects, for CI's type-check of the
// Apple-only code. Declarations copied from https://developer.apple.com/documentation/objectivec/…
// (named beside each); the bodies never run.

/// objc_associationpolicy
public enum objc_AssociationPolicy: UInt, Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 0o1401
    case OBJC_ASSOCIATION_COPY = 0o1403
}

/// objc_setassociatedobject(_:_:_:_:)
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    fatalError("stand-in")
}

/// objc_getassociatedobject(_:_:)
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    fatalError("stand-in")
}
