// The harness's instances, compiled once for every test binary of the collectives.

#include "collectives/harness.hpp"

namespace pgasmr::test {

template class Instance<int>;
template class Instance<double>;
template class Instance<Record>;
template class Instance<std::byte>;

}  // namespace pgasmr::test
