// Built without MPI: asking for the MPI transport is a clear error.

#include <pgasmr/pgas/error.hpp>

#include "transport.hpp"

namespace pgasmr::pgas::detail {

std::unique_ptr<Transport> make_mpi_transport(std::size_t, int, bool, std::size_t) {
  throw_error("Runtime", "this pgasmr was built without MPI; reconfigure with -DPGASMR_WITH_MPI=ON "
                         "(needs libopenmpi-dev) or run with --transport local");
}

}  // namespace pgasmr::pgas::detail
