// Literals let code and tests write settings the way a catalog would: ["CanMakePayments": true].

extension SettingValue: ExpressibleByStringLiteral {
    /// Creates a string setting.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension SettingValue: ExpressibleByIntegerLiteral {
    /// Creates an integer setting.
    public init(integerLiteral value: Int64) {
        self = .integer(value)
    }
}

extension SettingValue: ExpressibleByFloatLiteral {
    /// Creates a real setting.
    public init(floatLiteral value: Double) {
        self = .real(value)
    }
}

extension SettingValue: ExpressibleByBooleanLiteral {
    /// Creates a bool setting.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension SettingValue: ExpressibleByArrayLiteral {
    /// Creates an array setting.
    public init(arrayLiteral elements: SettingValue...) {
        self = .array(elements)
    }
}

extension SettingValue: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary setting; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, SettingValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
