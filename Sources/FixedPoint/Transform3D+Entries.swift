extension Transform3D {
    /// Entry m11 (row 1, column 1), Q32.32.
    @inlinable public var m11: WideFixed { get { row1.x } set { row1.x = newValue } }
    /// Entry m12 (row 1, column 2), Q32.32.
    @inlinable public var m12: WideFixed { get { row1.y } set { row1.y = newValue } }
    /// Entry m13 (row 1, column 3), Q32.32.
    @inlinable public var m13: WideFixed { get { row1.z } set { row1.z = newValue } }
    /// Entry m14 (row 1, column 4), Q32.32.
    @inlinable public var m14: WideFixed { get { row1.w } set { row1.w = newValue } }
    /// Entry m21 (row 2, column 1), Q32.32.
    @inlinable public var m21: WideFixed { get { row2.x } set { row2.x = newValue } }
    /// Entry m22 (row 2, column 2), Q32.32.
    @inlinable public var m22: WideFixed { get { row2.y } set { row2.y = newValue } }
    /// Entry m23 (row 2, column 3), Q32.32.
    @inlinable public var m23: WideFixed { get { row2.z } set { row2.z = newValue } }
    /// Entry m24 (row 2, column 4), Q32.32.
    @inlinable public var m24: WideFixed { get { row2.w } set { row2.w = newValue } }
    /// Entry m31 (row 3, column 1), Q32.32.
    @inlinable public var m31: WideFixed { get { row3.x } set { row3.x = newValue } }
    /// Entry m32 (row 3, column 2), Q32.32.
    @inlinable public var m32: WideFixed { get { row3.y } set { row3.y = newValue } }
    /// Entry m33 (row 3, column 3), Q32.32.
    @inlinable public var m33: WideFixed { get { row3.z } set { row3.z = newValue } }
    /// Entry m34 (row 3, column 4), Q32.32.
    @inlinable public var m34: WideFixed { get { row3.w } set { row3.w = newValue } }
    /// Entry m41 (row 4, column 1), Q32.32.
    @inlinable public var m41: WideFixed { get { row4.x } set { row4.x = newValue } }
    /// Entry m42 (row 4, column 2), Q32.32.
    @inlinable public var m42: WideFixed { get { row4.y } set { row4.y = newValue } }
    /// Entry m43 (row 4, column 3), Q32.32.
    @inlinable public var m43: WideFixed { get { row4.z } set { row4.z = newValue } }
    /// Entry m44 (row 4, column 4), Q32.32.
    @inlinable public var m44: WideFixed { get { row4.w } set { row4.w = newValue } }
}
