/// Why input decoding refused something; every case names the field and the value.
public enum InputError: Error, Equatable, Sendable {
    /// A buffer ended inside an `input_event` record.
    case truncatedRecord(offset: Int, available: Int, needed: Int)
    /// A device's axis range has `minimum ≥ maximum`, so no position can be calibrated from it.
    case emptyAxisRange(axis: InputAxis, minimum: Int32, maximum: Int32)
    /// A calibration matrix is not six numbers, or a number is malformed or out of range (±32767).
    case invalidCalibrationMatrix(field: Int, reason: String)
    /// A display or scene size is not in 1 … 16 384.
    case invalidSize(field: String, value: Int)
    /// A rotation is not 0, 90, 180 or 270 degrees.
    case invalidRotation(Int)
}

/// The axes a device declares ranges for.
public enum InputAxis: Sendable {
    case x, y
}
