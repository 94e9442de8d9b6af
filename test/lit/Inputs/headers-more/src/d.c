typedef float real;
#include "dev.h"
#include "frag.h"
float d(float v) { return twice(v) + 1; }
