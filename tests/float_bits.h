/* A float's bits and back, and the distance of two floats in units in the last place (floats
 * mapped to integers in their order): shared by the spec tests and the exhaustive checker. */
#ifndef TN_TEST_FLOAT_BITS_H
#define TN_TEST_FLOAT_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static inline float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline double ulp_distance(float a, float b)
{
    int64_t x = (int32_t)bits_of(a), y = (int32_t)bits_of(b);
    if (x < 0)
        x = INT32_MIN - x;
    if (y < 0)
        y = INT32_MIN - y;
    return (double)(x > y ? x - y : y - x);
}

#endif
