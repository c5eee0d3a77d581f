#pragma once
// A setting of the collectives read from an environment variable once per process, with the
// text it was read from: a bad value is refused by every call (not thrown from a static's
// initializer: threads waiting for that initializer hung under ThreadSanitizer when it threw),
// and the refusal quotes the text as it was read, whatever the environment holds by then.

#include <cstdlib>
#include <optional>
#include <string>

namespace pgasmr::coll::detail {

template <class T>
struct EnvironmentSetting {
  std::string text;        ///< the variable's value ("" when unset)
  std::optional<T> value;  ///< nullopt: not a valid value
};

/// `variable`'s value parsed by parse(const char* value_or_null) -> std::optional<T>.
template <class T, class Parse>
EnvironmentSetting<T> read_setting(const char* variable, Parse parse) {
  const char* value = std::getenv(variable);
  return {value ? value : "", parse(value)};
}

}  // namespace pgasmr::coll::detail
