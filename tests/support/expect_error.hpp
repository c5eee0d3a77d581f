#pragma once
// A check shared by the suites: an operation must fail with a pgasmr::error that says why.

#include <gtest/gtest.h>

#include <string>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::test {

/// Runs `operation`, expecting an E (a pgasmr::error by default) whose message contains `needle`.
template <class E = pgasmr::error, class Operation>
void expect_error(Operation operation, const std::string& needle) {
  try {
    operation();
    ADD_FAILURE() << "no exception; expected one mentioning \"" << needle << "\"";
  } catch (const E& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

}  // namespace pgasmr::test
