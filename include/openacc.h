/*===- include/openacc.h - OpenACC 3.3 runtime API declarations -----------===*
 *
 * Part of omp-migrate.
 *
 * This is omp-migrate's OWN declaration file for the OpenACC 3.3 runtime
 * library API (chapter 3 of the OpenACC 3.3 specification).  It exists only so
 * that the tool can parse programs that `#include <openacc.h>` (Clang parses
 * OpenACC with -fopenacc but ships no openacc.h).  It is not an implementation:
 * nothing declared here is defined anywhere in omp-migrate, and translated
 * programs do not include it.
 *
 * Notes:
 *  - _OPENACC is deliberately NOT defined here; the compiler defines it.
 *  - Enumerator values follow GCC's libgomp where libgomp defines the same
 *    name, so that constants agree between the two headers.  Names libgomp 12
 *    lacks (acc_property_shared_memory_support) use values libgomp does not
 *    use.
 *  - The specification writes h_void / d_void for host and device addresses;
 *    both are plain `void` here.
 *  - Parameters are unnamed (names in comments) so that user macros cannot
 *    collide with them.
 *  - Every routine has exactly one row in lib/Mapping/RuntimeApi.def, in the
 *    order of this file.  Keep the two files in step.
 *
 *===----------------------------------------------------------------------===*/

#ifndef OMP_MIGRATE_OPENACC_H
#define OMP_MIGRATE_OPENACC_H

#include <stddef.h> /* size_t */

#ifdef __cplusplus
extern "C" {
#endif

/*===-- 3.1 Runtime library definitions -----------------------------------===*/

/* Device types.  acc_device_none, _default, _host and _not_host are required
 * by the specification; the rest are implementation-defined (values as in
 * libgomp; 3 is unused there, it was the removed acc_device_host_nonshm). */
typedef enum acc_device_t {
  acc_device_current = -1,
  acc_device_none = 0,
  acc_device_default = 1,
  acc_device_host = 2,
  acc_device_not_host = 4,
  acc_device_nvidia = 5,
  acc_device_radeon = 8
} acc_device_t;

/* Device properties for acc_get_property / acc_get_property_string. */
typedef enum acc_device_property_t {
  /* integer-valued (acc_get_property) */
  acc_property_memory = 1,
  acc_property_free_memory = 2,
  acc_property_shared_memory_support = 3, /* not in libgomp 12 */
  /* string-valued (acc_get_property_string) */
  acc_property_name = 0x10001,
  acc_property_vendor = 0x10002,
  acc_property_driver = 0x10003
} acc_device_property_t;

/* Special async-argument values. */
typedef enum acc_async_t {
  acc_async_noval = -1,
  acc_async_sync = -2
} acc_async_t;

/*===-- 3.2 Runtime library routines --------------------------------------===*/

/* Device selection and queries. */
int acc_get_num_devices(acc_device_t /*dev_type*/);
void acc_set_device_type(acc_device_t /*dev_type*/);
acc_device_t acc_get_device_type(void);
void acc_set_device_num(int /*dev_num*/, acc_device_t /*dev_type*/);
int acc_get_device_num(acc_device_t /*dev_type*/);
size_t acc_get_property(int /*dev_num*/, acc_device_t /*dev_type*/,
                        acc_device_property_t /*property*/);
const char *acc_get_property_string(int /*dev_num*/,
                                    acc_device_t /*dev_type*/,
                                    acc_device_property_t /*property*/);

/* Runtime initialization and shutdown. */
void acc_init(acc_device_t /*dev_type*/);
void acc_init_device(int /*dev_num*/, acc_device_t /*dev_type*/);
void acc_shutdown(acc_device_t /*dev_type*/);
void acc_shutdown_device(int /*dev_num*/, acc_device_t /*dev_type*/);

/* Asynchronous queues: testing. */
int acc_async_test(int /*wait_arg*/);
int acc_async_test_device(int /*wait_arg*/, int /*dev_num*/);
int acc_async_test_all(void);
int acc_async_test_all_device(int /*dev_num*/);

/* Asynchronous queues: waiting. */
void acc_wait(int /*wait_arg*/);
void acc_wait_device(int /*wait_arg*/, int /*dev_num*/);
void acc_wait_async(int /*wait_arg*/, int /*async_arg*/);
void acc_wait_device_async(int /*wait_arg*/, int /*async_arg*/,
                           int /*dev_num*/);
void acc_wait_all(void);
void acc_wait_all_device(int /*dev_num*/);
void acc_wait_all_async(int /*async_arg*/);
void acc_wait_all_device_async(int /*async_arg*/, int /*dev_num*/);
int acc_wait_any(int /*count*/, int /*wait_arg*/[]);
int acc_wait_any_device(int /*count*/, int /*wait_arg*/[], int /*dev_num*/);

/* Default async queue. */
int acc_get_default_async(void);
void acc_set_default_async(int /*async_arg*/);

/* Execution-place query (also callable in device code). */
int acc_on_device(acc_device_t /*dev_type*/);

/* Raw device memory. */
void *acc_malloc(size_t /*bytes*/);
void acc_free(void * /*data_dev*/);

/* Data-clause routines: present-table management and updates. */
void *acc_copyin(void * /*data_arg*/, size_t /*bytes*/);
void acc_copyin_async(void * /*data_arg*/, size_t /*bytes*/,
                      int /*async_arg*/);
void *acc_create(void * /*data_arg*/, size_t /*bytes*/);
void acc_create_async(void * /*data_arg*/, size_t /*bytes*/,
                      int /*async_arg*/);
void acc_copyout(void * /*data_arg*/, size_t /*bytes*/);
void acc_copyout_async(void * /*data_arg*/, size_t /*bytes*/,
                       int /*async_arg*/);
void acc_copyout_finalize(void * /*data_arg*/, size_t /*bytes*/);
void acc_copyout_finalize_async(void * /*data_arg*/, size_t /*bytes*/,
                                int /*async_arg*/);
void acc_delete(void * /*data_arg*/, size_t /*bytes*/);
void acc_delete_async(void * /*data_arg*/, size_t /*bytes*/,
                      int /*async_arg*/);
void acc_delete_finalize(void * /*data_arg*/, size_t /*bytes*/);
void acc_delete_finalize_async(void * /*data_arg*/, size_t /*bytes*/,
                               int /*async_arg*/);
void acc_update_device(void * /*data_arg*/, size_t /*bytes*/);
void acc_update_device_async(void * /*data_arg*/, size_t /*bytes*/,
                             int /*async_arg*/);
void acc_update_self(void * /*data_arg*/, size_t /*bytes*/);
void acc_update_self_async(void * /*data_arg*/, size_t /*bytes*/,
                           int /*async_arg*/);

/* Mapping user-allocated device memory; address translation. */
void acc_map_data(void * /*data_arg*/, void * /*data_dev*/, size_t /*bytes*/);
void acc_unmap_data(void * /*data_arg*/);
void *acc_deviceptr(void * /*data_arg*/);
void *acc_hostptr(void * /*data_dev*/);
int acc_is_present(void * /*data_arg*/, size_t /*bytes*/);

/* Explicit copies. */
void acc_memcpy_to_device(void * /*data_dev_dest*/, void * /*data_host_src*/,
                          size_t /*bytes*/);
void acc_memcpy_to_device_async(void * /*data_dev_dest*/,
                                void * /*data_host_src*/, size_t /*bytes*/,
                                int /*async_arg*/);
void acc_memcpy_from_device(void * /*data_host_dest*/,
                            void * /*data_dev_src*/, size_t /*bytes*/);
void acc_memcpy_from_device_async(void * /*data_host_dest*/,
                                  void * /*data_dev_src*/, size_t /*bytes*/,
                                  int /*async_arg*/);
void acc_memcpy_device(void * /*data_dev_dest*/, void * /*data_dev_src*/,
                       size_t /*bytes*/);
void acc_memcpy_device_async(void * /*data_dev_dest*/,
                             void * /*data_dev_src*/, size_t /*bytes*/,
                             int /*async_arg*/);

/* Pointer attachment. */
void acc_attach(void ** /*ptr_addr*/);
void acc_attach_async(void ** /*ptr_addr*/, int /*async_arg*/);
void acc_detach(void ** /*ptr_addr*/);
void acc_detach_async(void ** /*ptr_addr*/, int /*async_arg*/);
void acc_detach_finalize(void ** /*ptr_addr*/);
void acc_detach_finalize_async(void ** /*ptr_addr*/, int /*async_arg*/);

/* Copies between the device copies of host data on two devices. */
void acc_memcpy_d2d(void * /*data_arg_dest*/, void * /*data_arg_src*/,
                    size_t /*bytes*/, int /*dev_num_dest*/,
                    int /*dev_num_src*/);
void acc_memcpy_d2d_async(void * /*data_arg_dest*/, void * /*data_arg_src*/,
                          size_t /*bytes*/, int /*dev_num_dest*/,
                          int /*dev_num_src*/, int /*async_arg_src*/);

/*===-- Legacy names (OpenACC 1.0 / 2.0), kept for old programs -----------===*/

void *acc_present_or_copyin(void * /*data_arg*/, size_t /*bytes*/);
void *acc_pcopyin(void * /*data_arg*/, size_t /*bytes*/);
void *acc_present_or_create(void * /*data_arg*/, size_t /*bytes*/);
void *acc_pcreate(void * /*data_arg*/, size_t /*bytes*/);
void acc_async_wait(int /*wait_arg*/);
void acc_async_wait_all(void);

/*===-- NVIDIA interoperability (specification appendix A) ----------------===*/

void *acc_get_current_cuda_device(void);
void *acc_get_current_cuda_context(void);
void *acc_get_cuda_stream(int /*async_arg*/);
int acc_set_cuda_stream(int /*async_arg*/, void * /*stream*/);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OMP_MIGRATE_OPENACC_H */
