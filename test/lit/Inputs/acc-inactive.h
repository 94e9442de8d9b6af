// A header whose directive only a -DUSE_GPU build sees.
#ifdef USE_GPU
#pragma acc routine seq
#endif
float twice(float v);
