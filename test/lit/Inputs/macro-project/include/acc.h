#ifndef ACC_H
#define ACC_H
/* The project's directives, spelled once. */
#define ACC_ATOMIC _Pragma("acc atomic update")
#define ACC_PARALLEL_LOOP _Pragma("acc parallel loop")
#endif
