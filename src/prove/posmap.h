/*
** posmap.h -- a map from exact positions to small records, for the proof's
** re-walk and its checker: no answer may rest on a 64-bit hash.
**
** A position's exact key is what the game's setup says of it (game.h's
** struct setup): the grid, the side to move, castling rights and the en
** passant square -- everything but the move clocks, which no rule of the
** four games reads.  Two positions with equal keys are the same position
** (the rule options of a search are fixed, so they are not in the key).
** A game may give the same identity in fewer bytes (its exact_key).
*/
#ifndef MAAT_POSMAP_H
#define MAAT_POSMAP_H

#include <stddef.h>
#include <stdint.h>

#include "games/game.h"

#define POSKEY_MAX (MAX_SQUARES + 24) /* more than EXACT_KEY_MAX */

/* The exact key of pos into out (POSKEY_MAX bytes); returns its length. */
size_t pos_key(const struct game *g, const void *pos, unsigned char *out);

#define POSREC_INLINE 16 /* keys this short are kept in the record */

struct posrec {
	uint64_t hash; /* of the key bytes */
	union {
		uint64_t off;                              /* a longer key: into the key arena */
		unsigned char inline_bytes[POSREC_INLINE]; /* a short key (exact_key) */
	} key;
	uint16_t key_len;
	uint8_t state, flags; /* the user's */
	move_t move;          /* the user's */
	int32_t depth;        /* the user's */
	uint32_t aux;         /* the user's */
};

struct posmap {
	struct posrec *recs;
	size_t count, cap;
	uint64_t *slots; /* hash's high 32 bits << 32 | record index + 1; 0 = empty */
	size_t nslots;
	unsigned char *keys;
	size_t keys_used, keys_cap;
};

void posmap_init(struct posmap *m);
void posmap_free(struct posmap *m);
/* The record of the key, or NULL. */
struct posrec *posmap_find(const struct posmap *m, const unsigned char *key, size_t len);
/* The record of the key, a new one (zeroed but for the key) when it was not
   there (*added set); NULL when out of memory.  Records move when the map
   grows: a pointer is good until the next posmap_get. */
struct posrec *posmap_get(struct posmap *m, const unsigned char *key, size_t len, int *added);
/* The same for a position (its pos_key). */
struct posrec *posmap_find_pos(const struct posmap *m, const struct game *g, const void *pos);
struct posrec *posmap_get_pos(struct posmap *m, const struct game *g, const void *pos, int *added);
/* Bring the slot where pos's record would be looked for into the cache
   (a walk about to look up several positions). */
void posmap_prefetch_pos(const struct posmap *m, const struct game *g, const void *pos);
/* A position's exact key with its hash, worked out once for a walk that
   fetches a record ahead and then looks it up. */
struct poskey {
	uint64_t hash;
	size_t len;
	unsigned char bytes[POSKEY_MAX];
};
void posmap_key_pos(const struct game *g, const void *pos, struct poskey *k);
void posmap_prefetch_key(const struct posmap *m, const struct poskey *k);
struct posrec *posmap_find_key(const struct posmap *m, const struct poskey *k);
/* Index of a record, and a record by index (stable across growth). */
size_t posmap_index(const struct posmap *m, const struct posrec *r);
/* Room for count records without growing (a map whose size is known
   ahead: no rehash on the way); 0, or -1 when out of memory. */
int posmap_reserve(struct posmap *m, size_t count);
/* Bytes in use (for reports). */
size_t posmap_bytes(const struct posmap *m);

#endif
