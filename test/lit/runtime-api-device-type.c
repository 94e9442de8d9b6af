// Device-type queries and start-up calls (issue #13, item 6): the V&V
// suite's and real codes' acc_init/acc_shutdown(acc_get_device_type()),
// acc_get_num_devices(acc_get_device_type()) and comparisons of
// acc_get_device_type() with a device type. The start-up and shutdown
// calls do nothing in OpenMP; a runtime call in an argument that the
// OpenMP form drops goes with it (when dropping it changes nothing); a
// comparison with acc_device_host (or another type) becomes a comparison of
// the default device with the initial device; with acc_device_none, a
// constant. Nothing of OpenACC is left: openacc.h becomes omp.h.
// RUN: %omp-migrate --explain %s -- > %t.c 2> %t.err; echo "exit=$?" >> %t.err
// RUN: FileCheck %s --input-file=%t.c --implicit-check-not="{{^ *[^ /].*acc_}}"
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
// RUN: %if gcc %{ %gcc-openmp -c %t.c -o /dev/null %}
// RUN: %if offload-cpu && gcc %{ %clang19-offload %t.c -o %t.omp && env OMP_TARGET_OFFLOAD=MANDATORY %t.omp > %t.out && %gcc-openacc %s -o %t.orig && %t.orig > %t.ref && diff %t.ref %t.out %}
// CHECK: {{^ *}}#include <omp.h>
#include <openacc.h>
#include <stdio.h>

int main(void) {
  // CHECK: {{^ *}}((void)0);
  acc_init(acc_get_device_type());
  // NOTE: runtime-api-device-type.c:[[@LINE+2]]:19: note: OpenACC returns acc_device_none only while no device type is selected; OpenMP always has a default device
  // CHECK: {{^ *}}int has_type = (1);
  int has_type = (acc_get_device_type() != acc_device_none);
  // CHECK: {{^ *}}int none = 0;
  int none = acc_get_device_type() == acc_device_none;
  // NOTE: runtime-api-device-type.c:[[@LINE+2]]:17: note: OpenMP does not tell a device's vendor: acc_device_nvidia reads as any device that is not the host
  // CHECK: {{^ *}}int on_gpu = ((omp_get_default_device() != omp_get_initial_device()));
  int on_gpu = (acc_get_device_type() == acc_device_nvidia);
  // CHECK: {{^ *}}if ((omp_get_default_device() != omp_get_initial_device()) && !on_gpu)
  if (acc_device_host != acc_get_device_type() && !on_gpu)
    on_gpu = -1;
  // NOTE: runtime-api-device-type.c:[[@LINE+2]]:43: note: dropped with the argument of acc_get_num_devices that its OpenMP form does not use
  // CHECK: {{^ *}}for (int x = 0; x < omp_get_num_devices(); ++x)
  for (int x = 0; x < acc_get_num_devices(acc_get_device_type()); ++x)
    // CHECK: {{^ *}}omp_set_default_device((x));
    acc_set_device_num(x, acc_get_device_type());
  // CHECK: {{^ *}}int dev = omp_get_default_device();
  int dev = acc_get_device_num(acc_get_device_type());
  printf("%d %d %d %d\n", has_type, none, on_gpu != -1, dev >= 0);
  // CHECK: {{^ *}}((void)0);
  acc_shutdown(acc_get_device_type());
  return 0;
}
