typedef float real;
#include "dev.h"
#include "frag.h"
float c(float v) { return twice(v); }
