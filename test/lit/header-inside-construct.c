// A file included inside a construct brings its OpenACC directives into it
// (here the loop of a parallel region). They are not translated (headers are
// not rewritten), and the construct translated without them would not do
// what it does (every team would run the whole loop). The construct is
// reported, and since the planner's edits of one construct cannot be told
// from the others, the whole file is left intact: exit 1, nothing written.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/in.c && cp %S/Inputs/acc-body.inc %t/
// RUN: %omp-migrate -i --report=%t/r.json %t/in.c -- 2> %t/err; echo "exit=$?" >> %t/err
// RUN: FileCheck %s --input-file=%t/err
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/r.json
// RUN: cmp %s %t/in.c

void add_one(int n, float *x) {
#pragma acc parallel copy(x[0:n])
  {
#include "acc-body.inc"
  }
}

void twice(int n, float *x) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}

// CHECK: in.c:14:1: warning: 'parallel' not translated: the 'parallel' construct at line 14 includes, at line 16, OpenACC directives of another file (acc-body.inc:1: 'loop'), which are not translated with it (a file included inside a construct is not translated on its own); without them, a translation of the construct would change what it does [omp-migrate]
// CHECK-NEXT: {{^ +}}14 | {{#pragma acc parallel copy\(x\[0:n\]\)$}}
// CHECK-NEXT: {{^ +}}| ^
// CHECK-NEXT: in.c:21:1: warning: 'parallel loop' not translated: left intact with the whole file: the 'parallel' construct at line 14 includes, at line 16, OpenACC directives of another file (acc-body.inc:1: 'loop'), which are not translated with it (a file included inside a construct is not translated on its own); without them, a translation of the construct would change what it does [omp-migrate]
// CHECK-NEXT: {{^ +}}21 | {{#pragma acc parallel loop copy\(x\[0:n\]\)$}}
// CHECK-NEXT: {{^ +}}| ^
// CHECK-NEXT: acc-body.inc:1:1: warning: 'loop' not translated: OpenACC in an included header (not rewritten with this file); the header is included from in.c:16; the header is included inside a declaration, so it is not translated on its own [omp-migrate]
// CHECK-NEXT: {{^ +}}1 | {{#pragma acc loop$}}
// CHECK-NEXT: {{^ +}}| ^
// CHECK-NEXT: in.c: 0 of 3 constructs translated
// CHECK-NEXT: exit=1

// JSON: "emitted": [],
// JSON-NEXT: "kind": "parallel",
// JSON-NEXT: "line": 14,
// JSON: "translated": false
// JSON: "total": 3,
// JSON-NEXT: "translated": 0
