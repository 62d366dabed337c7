/*
** rng.h -- the composer's random numbers: splitmix64, one state per
** candidate and stream, so that what a candidate draws depends only on
** (seed, candidate, stream), never on the thread that judges it.
*/
#ifndef MAAT_COMPOSE_RNG_H
#define MAAT_COMPOSE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s;
};

static inline uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static inline uint64_t rng_next(struct rng *r)
{
	r->s += 0x9E3779B97F4A7C15ULL;
	return mix64(r->s);
}

/* Uniform in [0, n), n > 0. */
static inline int rng_below(struct rng *r, int n)
{
	return (int)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Stream `stream` of candidate `index` of run `seed`. */
static inline void rng_init(struct rng *r, uint64_t seed, uint64_t index, uint64_t stream)
{
	r->s = mix64(mix64(seed ^ 0x6D61617443ULL) + mix64(index + 1) +
	             stream * 0x632BE59BD9B4E019ULL);
}

#endif
