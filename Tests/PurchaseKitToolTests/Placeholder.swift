import Testing

struct ToolTests {}
