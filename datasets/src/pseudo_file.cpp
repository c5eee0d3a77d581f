#include "pseudo_file.hpp"

#include <linux/magic.h>
#include <sys/vfs.h>

#include <algorithm>
#include <array>

namespace pgasmr::datasets::detail {

bool on_pseudo_file_system(int fd) noexcept {
  struct statfs system {};
  if (::fstatfs(fd, &system) != 0) return false;  // then the size is all there is to go by
  constexpr std::array<decltype(system.f_type), 9> pseudo{
      PROC_SUPER_MAGIC,    SYSFS_MAGIC,      DEBUGFS_MAGIC, TRACEFS_MAGIC,  CGROUP_SUPER_MAGIC,
      CGROUP2_SUPER_MAGIC, SECURITYFS_MAGIC, BPF_FS_MAGIC,  EFIVARFS_MAGIC};
  return std::ranges::find(pseudo, system.f_type) != pseudo.end();
}

std::string pseudo_file_refusal() {
  return "a file of the kernel's pseudo file systems (such as /proc or /sys), whose size is not known before it is "
         "read; copy it to a regular file first";
}

}  // namespace pgasmr::datasets::detail
