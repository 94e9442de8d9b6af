// An OpenACC implementation's own header, found through -I (gcc's has the
// same shape): its directives are the runtime's, not the user's.
#ifndef FAKE_OPENACC_H
#define FAKE_OPENACC_H
typedef enum { acc_device_none = 0, acc_device_host = 2 } acc_device_t;
int acc_on_device(int);
#pragma acc routine seq
int acc_fake_helper(int);
#ifdef __cplusplus
#pragma acc routine seq
inline int acc_on_device(acc_device_t d) { return acc_on_device((int)d); }
#endif
#endif
