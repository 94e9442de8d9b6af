// A directive in a branch the build skips (#if 0, an #ifdef not taken, an
// #else not taken, an #elif) is neither parsed nor translated: each is
// counted and reported, with the condition that would make it active, and
// the exit status is 1. The text stays as it was.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %omp-migrate --report=%t/r.json %s -- -I%S/Inputs > %t/plain.c 2> %t/plain.err; echo "exit=$?" >> %t/plain.err
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/r.json
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t/plain.c
// RUN: %omp-migrate %s -- -I%S/Inputs -DUSE_GPU -DVERSION=3 > %t/gpu.c 2> %t/gpu.err; echo "exit=$?" >> %t/gpu.err
// RUN: FileCheck %s --check-prefix=GPU --input-file=%t/gpu.err
// RUN: %if gcc %{ %gcc-openmp -c %t/plain.c -I%S/Inputs -o /dev/null %}
#include "acc-inactive.h"

void f(int n, float *x) {
#pragma acc enter data copyin(x[0:n])
#if 0
#pragma acc parallel loop present(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] = 0;
#endif
#ifdef USE_GPU
#pragma acc update self(x[0:n])
#else
#pragma acc wait
#endif
#if defined(USE_GPU) && VERSION > 2
  _Pragma("acc parallel loop present(x[0:n])")
  for (int i = 0; i < n; i++)
    x[i] += 1;
#elif VERSION == 2
#pragma acc serial present(x[0:n])
  x[0] = 2;
#endif
#pragma acc exit data copyout(x[0:n])
}

// PLAIN: inactive-branches.c:18:1: warning: 'parallel loop' not translated: in an inactive branch: '#if 0' is always false; change the condition to translate it [omp-migrate]
// PLAIN-NEXT: {{^ +}}18 | {{#pragma acc parallel loop present\(x\[0:n\]\)$}}
// PLAIN-NEXT: {{^ +}}| ^
// PLAIN-NEXT: inactive-branches.c:23:1: warning: 'update' not translated: in an inactive branch: '#ifdef USE_GPU' is false; define USE_GPU to translate it [omp-migrate]
// PLAIN-NEXT: {{^ +}}23 | {{#pragma acc update self\(x\[0:n\]\)$}}
// PLAIN-NEXT: {{^ +}}| ^
// PLAIN-NEXT: inactive-branches.c:28:3: warning: 'parallel loop' not translated: in an inactive branch: '#if defined(USE_GPU) && VERSION > 2' is false; make 'defined(USE_GPU) && VERSION > 2' true to translate it [omp-migrate]
// PLAIN-NEXT: {{^ +}}28 | {{.*_Pragma\("acc parallel loop present\(x\[0:n\]\)"\)$}}
// PLAIN-NEXT: {{^ +}}|   ^
// PLAIN-NEXT: inactive-branches.c:32:1: warning: 'serial' not translated: in an inactive branch: '#elif VERSION == 2' is false; make 'VERSION == 2' true to translate it [omp-migrate]
// PLAIN-NEXT: {{^ +}}32 | {{#pragma acc serial present\(x\[0:n\]\)$}}
// PLAIN-NEXT: {{^ +}}| ^
// PLAIN-NEXT: Inputs/acc-inactive.h:3:1: warning: 'routine' not translated: in an inactive branch of an included header: '#ifdef USE_GPU' is false (define USE_GPU to activate it); OpenACC in an included header (not rewritten with this file); the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// PLAIN-NEXT: {{^ +}}3 | {{#pragma acc routine seq$}}
// PLAIN-NEXT: {{^ +}}| ^
// PLAIN-NEXT: inactive-branches.c: 3 of 8 constructs translated
// PLAIN-NEXT: exit=1

// With -DUSE_GPU -DVERSION=3, the #else branch is the inactive one; the
// header's directive is active (and reported as a header's).
// GPU: inactive-branches.c:18:1: warning: 'parallel loop' not translated: in an inactive branch: '#if 0' is always false; change the condition to translate it [omp-migrate]
// GPU: inactive-branches.c:25:1: warning: 'wait' not translated: in an inactive branch: '#else' is not taken because '#ifdef USE_GPU' is true; undefine USE_GPU to translate it [omp-migrate]
// GPU: inactive-branches.c:32:1: warning: 'serial' not translated: in an inactive branch: '#elif VERSION == 2' is not taken because '#if defined(USE_GPU) && VERSION > 2' is true; make 'defined(USE_GPU) && VERSION > 2' false and make 'VERSION == 2' true to translate it [omp-migrate]
// GPU: Inputs/acc-inactive.h:3:1: warning: 'routine' not translated: OpenACC in an included header (not rewritten with this file); the header is included from inactive-branches.c:13; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// GPU: inactive-branches.c: 4 of 8 constructs translated
// GPU-NEXT: exit=1

// JSON: "exit_status": 1,
// JSON: "inactive": true,
// JSON-NEXT: "kind": "parallel loop",
// JSON-NEXT: "line": 18,
// JSON-NEXT: "notes": [],
// JSON-NEXT: "original": "#pragma acc parallel loop present(x[0:n])",
// JSON-NEXT: "reason": "in an inactive branch: '#if 0' is always false; change the condition to translate it",
// JSON-NEXT: "translated": false

// The inactive text is left as it was; the active branches are translated.
// OUT: {{^}}#pragma omp target enter data map(to: x[0:n])
// OUT: {{^}}#if 0
// OUT-NEXT: {{^}}#pragma acc parallel loop present(x[0:n])
// OUT: {{^}}#pragma acc update self(x[0:n])
// OUT-NEXT: {{^}}#else
// OUT-NEXT: {{^}}#pragma omp taskwait
// OUT: {{^}}#pragma omp target exit data map(from: x[0:n])
