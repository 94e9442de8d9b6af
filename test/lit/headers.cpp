// On standard output only the main file is printed: every directive of a
// project header the file includes, and its #include <openacc.h>, is
// reported with the header's place, once per run (not again for a second
// file that includes it), and the exit status is 1; headers-project.test
// translates headers. A directive of the main file that Clang's AST does not
// hold (a method of a class local to a function) is reported too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %omp-migrate --report=%t/r.json %s %S/Inputs/acc-header-user.cpp -- -I%S/Inputs -std=c++17 > %t/out.cpp 2> %t/err; echo "exit=$?" >> %t/err
// RUN: FileCheck %s --check-prefix=DIAG --input-file=%t/err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/r.json
// RUN: FileCheck %s --input-file=%t/out.cpp
// The header's directives come once, with the first file.
// RUN: grep -c "acc-header.h:9:1: warning" %t/err | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
#include "acc-header.h"

void step(int n, float *x) {
  // CHECK: {{^}}#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] += 1;
}

void local(int n, float *x) {
  struct L {
    static void g(int n, float *x) {
      // CHECK: {{^}}#pragma acc parallel loop copy(x[0:n])
#pragma acc parallel loop copy(x[0:n])
      for (int i = 0; i < n; i++)
        x[i] = 0;
    }
  };
  L::g(n, x);
}

// DIAG: headers.cpp:28:1: warning: 'parallel loop' not translated: Clang's AST holds no OpenACC construct for this directive (the parse dropped it), so it is not translated; it is left intact [omp-migrate]
// DIAG-NEXT: {{^ +}}28 | {{#pragma acc parallel loop copy\(x\[0:n\]\)$}}
// DIAG-NEXT: {{^ +}}| ^
// DIAG-NEXT: {{.*}}Inputs/acc-header.h:6:10: warning: 'include' not translated: OpenACC in an included header (not rewritten with this file); the header is included from headers.cpp:15; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}6 | {{.*<openacc.h>$}}
// DIAG-NEXT: {{^ +}}|          ^
// DIAG-NEXT: {{.*}}Inputs/acc-header.h:9:1: warning: 'parallel loop' not translated: OpenACC in an included header (not rewritten with this file); the header is included from headers.cpp:15; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}9 | {{#pragma acc parallel loop copy\(x\[0:n\]\)$}}
// DIAG-NEXT: {{^ +}}| ^
// DIAG-NEXT: {{.*}}Inputs/acc-header.h:15:3: warning: 'parallel loop' not translated: OpenACC in an included header (not rewritten with this file); the header is included from headers.cpp:15; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}15 | {{.*#pragma acc parallel loop copyout\(x\[0:n\]\)$}}
// DIAG-NEXT: {{^ +}}|   ^
// DIAG-NEXT: {{.*}}Inputs/acc-header.h:24:5: warning: 'kernels loop' not translated: OpenACC in an included header (not rewritten with this file); the header is included from headers.cpp:15; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}24 | {{.*#pragma acc kernels loop copyout\(data\[0:n\]\)$}}
// DIAG-NEXT: {{^ +}}|     ^
// DIAG-NEXT: {{.*}}Inputs/acc-header.h:31:1: warning: 'routine' not translated: in an inactive branch of an included header: '#ifdef USE_GPU' is false (define USE_GPU to activate it); OpenACC in an included header (not rewritten with this file); the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone [omp-migrate]
// DIAG-NEXT: {{^ +}}31 | {{#pragma acc routine seq$}}
// DIAG-NEXT: {{^ +}}| ^
// The header's <openacc.h> stays: the translations do not compile with
// OpenMP compilers, which the self-check says as a warning (the headers'
// directives are reported).
// DIAG-NEXT: headers.cpp:15:10: warning: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found (in acc-header.h:6); the file keeps constructs reported as not translated (line:column of the translation; input line 15) [omp-migrate]
// DIAG-NEXT: {{^ +}}15 | #include "acc-header.h"
// DIAG-NEXT: {{^ +}}|          ^
// DIAG-NEXT: omp-migrate: {{.*}}headers.cpp: 1 of 7 constructs translated
// DIAG-NEXT: acc-header-user.cpp:3:10: warning: self-check: the translation does not compile with -fopenmp: 'openacc.h' file not found (in acc-header.h:6)
// DIAG-NEXT: {{^ +}}3 | #include "acc-header.h"
// DIAG-NEXT: {{^ +}}|          ^
// DIAG-NEXT: omp-migrate: {{.*}}acc-header-user.cpp: 1 of 1 constructs translated
// DIAG-NEXT: omp-migrate: 2 files: 2 of 8 constructs translated, 6 reported; 0 skipped for errors
// DIAG-NEXT: exit=1

// JSON: "exit_status": 1,
// JSON: "line": 28,
// JSON: "reason": "Clang's AST holds no OpenACC construct for this directive (the parse dropped it), so it is not translated; it is left intact",
// JSON-NEXT: "translated": false
// JSON: "column": 10,
// JSON-NEXT: "emitted": [],
// JSON-NEXT: "file": "{{.*}}Inputs/acc-header.h",
// JSON-NEXT: "kind": "include",
// JSON-NEXT: "line": 6,
// JSON-NEXT: "notes": [],
// JSON-NEXT: "original": "<openacc.h>",
// JSON-NEXT: "reason": "OpenACC in an included header (not rewritten with this file); the header is included from headers.cpp:15; the project's headers are translated when omp-migrate writes files (-i, --output-dir) or a diff (--diff): the standard output holds the main file alone",
// JSON-NEXT: "translated": false
// JSON: "inactive": true,
// JSON-NEXT: "kind": "routine",
// JSON-NEXT: "line": 31,
// JSON: "file": "{{.*}}headers.cpp",
// JSON-NEXT: "self_check_warnings": [
// JSON-NEXT: "the translation does not compile with -fopenmp: 'openacc.h' file not found (in acc-header.h:6)"
// JSON-NEXT: ],
// JSON-NEXT: "total": 7,
// JSON-NEXT: "translated": 1
// JSON: "file": "{{.*}}acc-header-user.cpp",
// JSON: "total": 1,
// JSON-NEXT: "translated": 1
