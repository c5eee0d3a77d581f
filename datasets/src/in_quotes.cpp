#include <pgasmr/datasets/in_quotes.hpp>

namespace pgasmr::datasets {

std::string escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
      continue;
    }
    switch (c) {
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\n': out += "\\n"; break;
      default: {
        constexpr char digits[] = "0123456789abcdef";
        out += "\\x";
        out += digits[byte >> 4];
        out += digits[byte & 15];
      }
    }
  }
  return out;
}

std::string in_quotes(std::string_view text) { return "'" + escaped(text) + "'"; }

std::string excerpt(std::string_view text, std::size_t most) {
  if (text.size() <= most) return escaped(text);
  return escaped(text.substr(0, most)) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace pgasmr::datasets
