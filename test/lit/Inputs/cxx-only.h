// A header with a C++-only part: a C file never takes it.
#ifdef __cplusplus
#pragma acc routine seq
inline float thrice(float v) { return 3 * v; }
#else
float thrice(float v);
#endif
#if defined(__cplusplus) || defined(USE_GPU)
#pragma acc routine seq
float other(float v);
#endif
