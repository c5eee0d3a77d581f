#pragma once
/// @file
/// The exceptions of the datasets component: bad input files and failed output files.

#include <stdexcept>

namespace pgasmr::datasets {

/// An input that cannot be used: missing, a directory, unreadable, or not in the expected format.
/// `what()` names the file and the reason, e.g. "cannot open 'x.txt': No such file or directory".
class input_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// An output that cannot be written (a directory, a missing folder, a full disk). The target
/// file is left as it was: outputs are written to a temporary file and renamed at the end.
class output_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pgasmr::datasets
