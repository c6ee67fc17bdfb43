/* Dense matrix work with vector kernels: y = A x (one dot product per row), C = A + B and
 * row scaling, each checked against a plain loop in double precision. */
#include "trueno.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROWS = 256, COLS = 384 };

static int check(const char *what, double err, double bound)
{
    printf("%-34s max relative error %.3g %s\n", what, err, err <= bound ? "ok" : "WRONG");
    return err <= bound ? 0 : 1;
}

int main(void)
{
    float *a = malloc(sizeof(float) * ROWS * COLS), *b = malloc(sizeof(float) * ROWS * COLS);
    float *c = malloc(sizeof(float) * ROWS * COLS), *x = malloc(sizeof(float) * COLS);
    float *y = malloc(sizeof(float) * ROWS);
    if (!a || !b || !c || !x || !y)
        return 1;
    for (int i = 0; i < ROWS * COLS; i++) {
        a[i] = (float)(((unsigned)i * 7919u) % 1000u) / 500.0f - 1.0f;
        b[i] = (float)(((unsigned)i * 104729u) % 1000u) / 1000.0f;
    }
    for (int j = 0; j < COLS; j++)
        x[j] = (float)(j % 17) / 8.0f - 1.0f;

    /* matrix-vector product: row i of A dotted with x */
    double err = 0;
    for (int i = 0; i < ROWS; i++) {
        if (tn_dot(COLS, a + (size_t)i * COLS, x, &y[i]) != TN_OK) {
            fprintf(stderr, "tn_dot: %s\n", tn_last_error());
            return 1;
        }
        double ref = 0, mag = 0;
        for (int j = 0; j < COLS; j++) {
            ref += (double)a[(size_t)i * COLS + j] * x[j];
            mag += fabs((double)a[(size_t)i * COLS + j] * x[j]);
        }
        err = fmax(err, fabs(y[i] - ref) / mag);
    }
    int failures = check("y = A x (256 x 384)", err, 1e-5);

    /* C = A + B over the whole matrix in one call */
    if (tn_add((size_t)ROWS * COLS, a, b, c) != TN_OK)
        return 1;
    err = 0;
    for (int i = 0; i < ROWS * COLS; i++)
        err = fmax(err, fabs(c[i] - ((double)a[i] + b[i])) / fmax(fabs((double)a[i] + b[i]), 1e-30));
    failures += check("C = A + B", err, 0x1p-24);

    /* row i of C scaled by 1 / (i + 1), in place */
    for (int i = 0; i < ROWS; i++)
        tn_scale(COLS, 1.0f / (float)(i + 1), c + (size_t)i * COLS, c + (size_t)i * COLS);
    float norm = 0;
    tn_norm_l2((size_t)ROWS * COLS, c, &norm);
    printf("%-34s %.6g\n", "Frobenius norm of the scaled C", (double)norm);

    /* y += 0.5 * (first column of B as a vector: B is row-major, so use its first row) */
    tn_axpy(ROWS < COLS ? ROWS : COLS, 0.5f, b, y);
    size_t top = 0;
    tn_argmax(ROWS, y, &top);
    printf("%-34s row %zu (%.4f)\n", "largest entry of y + 0.5 b", top, (double)y[top]);
    free(a);
    free(b);
    free(c);
    free(x);
    free(y);
    return failures;
}
