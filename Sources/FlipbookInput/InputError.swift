import Raster

/// Why input decoding refused something; every case names the field and the value.
public enum InputError: Error, Equatable, Sendable {
    /// A buffer ended inside an `input_event` record.
    case truncatedRecord(offset: Int, available: Int, needed: Int)
    /// A device's axis range has `minimum ≥ maximum`, so no position can be calibrated from it.
    case emptyAxisRange(axis: InputAxis, minimum: Int32, maximum: Int32)
    /// A calibration matrix is not six numbers, or a number is malformed or out of range (±32767).
    case invalidCalibrationMatrix(field: Int, reason: String)
    /// The scene cannot be placed on the panel (a size outside 1 … 16 384, or a fit beyond the panel's range).
    case placement(DisplayPlacementError)
}

/// The axes a device declares ranges for.
public enum InputAxis: Sendable {
    case x, y
}
