// A routine only under USE_GPU: its translation (declare target, closed after
// the function) differs between the two commands at a place both compile.
#ifdef USE_GPU
#pragma acc routine seq
#endif
static inline float twice(float v) { return 2 * v; }
