# Installs the libraries and headers as the CMake package `pgasmr` (target pgasmr::pgasmr).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS pgasmr pgasmr_pgas pgasmr_collectives pgasmr_mapreduce pgasmr_datasets pgasmr_warnings EXPORT pgasmrTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY pgas/include/ collectives/include/ mapreduce/include/ datasets/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT pgasmrTargets NAMESPACE pgasmr:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pgasmr)

configure_package_config_file(cmake/pgasmrConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/pgasmrConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pgasmr)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/pgasmrConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/pgasmrConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/pgasmrConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pgasmr)
