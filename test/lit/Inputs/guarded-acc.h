// A header that includes openacc.h only for OpenACC builds, as the V&V
// suite's acc_testsuite.h does.
#ifndef GUARDED_ACC_H
#define GUARDED_ACC_H
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif
#if defined(_OPENACC) && 1
#include "openacc.h"
#endif
#if !defined(_OPENACC) || 1
#include <openacc.h>
#endif
#define SIZE 64
#endif
