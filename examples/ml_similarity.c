/* Nearest neighbours by cosine similarity: a small bank of embeddings, one query, the score of
 * every item (dot over the product of norms) and the best match, found with argmax. */
#include "trueno.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { ITEMS = 2000, DIM = 256 };

int main(void)
{
    float *bank = malloc(sizeof(float) * ITEMS * DIM), *norms = malloc(sizeof(float) * ITEMS);
    float *scores = malloc(sizeof(float) * ITEMS), query[DIM];
    if (!bank || !norms || !scores)
        return 1;
    unsigned state = 12345;
    for (int i = 0; i < ITEMS * DIM; i++) {
        state = state * 1103515245u + 12345u;
        bank[i] = (float)((state >> 8) & 0xffff) / 32768.0f - 1.0f;
    }
    /* The query is item 1234 plus a little noise: it must come out on top. */
    const int planted = 1234;
    for (int j = 0; j < DIM; j++)
        query[j] = bank[(size_t)planted * DIM + j] + 0.05f * (float)((j * 31) % 7 - 3);
    float qnorm = 0;
    if (tn_norm_l2(DIM, query, &qnorm) != TN_OK) {
        fprintf(stderr, "%s\n", tn_last_error());
        return 1;
    }
    for (int i = 0; i < ITEMS; i++) {
        const float *item = bank + (size_t)i * DIM;
        float d = 0;
        tn_norm_l2(DIM, item, &norms[i]);
        tn_dot(DIM, item, query, &d);
        scores[i] = d / (norms[i] * qnorm);
    }
    size_t best = 0;
    float worst = 0, mean = 0;
    tn_argmax(ITEMS, scores, &best);
    tn_min(ITEMS, scores, &worst);
    tn_sum(ITEMS, scores, &mean);
    mean /= ITEMS;
    printf("best match: item %zu, cosine %.4f (planted: %d)\n", best, (double)scores[best], planted);
    printf("scores: mean %.4f, lowest %.4f over %d items of %d dimensions\n", (double)mean, (double)worst, ITEMS, DIM);
    free(bank);
    free(norms);
    free(scores);
    return best == (size_t)planted ? 0 : 1;
}
