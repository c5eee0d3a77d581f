#include "mpi_calls.hpp"

#include <string>

#include <pgasmr/pgas/error.hpp>

namespace pgasmr::pgas::detail {
namespace {

std::string error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  return std::string(text, static_cast<std::size_t>(length));
}

}  // namespace

void check(int code, const char* call) {
  if (code != MPI_SUCCESS) throw_error(call, error_text(code));
}

void check_allocation(int code, const char* call, MPI_Aint bytes) {
  if (code != MPI_SUCCESS)
    throw_error(call, error_text(code) + " (a window of " + std::to_string(bytes) +
                          " bytes for this process's segments: lower --segment-size or --threads)");
}

std::vector<int> world_ranks_of(MPI_Comm comm, int size) {
  MPI_Group group, everyone;
  MPI_Comm_group(comm, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &everyone);
  std::vector<int> ranks(static_cast<std::size_t>(size)), ids(ranks.size());
  for (int r = 0; r < size; ++r) ranks[static_cast<std::size_t>(r)] = r;
  MPI_Group_translate_ranks(group, size, ranks.data(), everyone, ids.data());
  MPI_Group_free(&group);
  MPI_Group_free(&everyone);
  return ids;
}

}  // namespace pgasmr::pgas::detail
