/*
** png.c -- a small PNG writer for cairo image surfaces.
**
** cairo's own writer goes through libpng at zlib's default level with every
** row filter tried, and took more than half of the time of a diagram.  This
** one writes what a diagram needs: grey (print and grey styles are pure
** grey) or RGB, with alpha only when some pixel is not opaque, rows filtered
** "Up", and one deflate block: greedy LZ77 on a hash chain, then Huffman
** codes built for this image (RFC 1951, dynamic block).  Output is a function
** of the pixels only.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

#define WINDOW 32768
#define MIN_MATCH 3
#define MAX_MATCH 258
#define HASH_BITS 15
#define MAX_CHAIN 24
#define MAX_BITS 15

/* ---------------------------------------------------------------- bits */

struct out {
	unsigned char *buf;
	size_t len, cap;
	uint64_t acc;
	int nbits;
	bool oom;
};

static void put_byte(struct out *o, unsigned char b)
{
	if (o->len == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 65536;
		unsigned char *nb = realloc(o->buf, cap);
		if (!nb) {
			o->oom = true;
			return;
		}
		o->buf = nb;
		o->cap = cap;
	}
	o->buf[o->len++] = b;
}

/* Deflate packs bits from the least significant end. */
static void put_bits(struct out *o, uint32_t v, int n)
{
	o->acc |= (uint64_t)v << o->nbits;
	o->nbits += n;
	while (o->nbits >= 8) {
		put_byte(o, (unsigned char)o->acc);
		o->acc >>= 8;
		o->nbits -= 8;
	}
}

static void flush_bits(struct out *o)
{
	if (o->nbits > 0)
		put_byte(o, (unsigned char)o->acc);
	o->acc = 0;
	o->nbits = 0;
}

/* ------------------------------------------------------------- tables */

static const uint16_t len_base[29] = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                      15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                      67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* Order in which code-length code lengths are sent. */
static const uint8_t clen_order[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                       11, 4,  12, 3, 13, 2, 14, 1, 15};

static int len_code(int len)
{
	int c = 28;
	while (len_base[c] > len)
		c--;
	return c;
}

static int dist_code(int dist)
{
	int c = 29;
	while (dist_base[c] > dist)
		c--;
	return c;
}

/* ------------------------------------------------------------- LZ77 */

/* A token: literal (len 0) or a match; kept so the Huffman codes can be
   built from the real frequencies before anything is written. */
struct token {
	uint16_t len; /* 0: literal */
	uint16_t val; /* literal byte or distance */
};

static size_t lz77(const unsigned char *d, size_t n, struct token *t, int32_t *head, int32_t *prev)
{
	size_t nt = 0, i = 0;
	for (int k = 0; k < 1 << HASH_BITS; k++)
		head[k] = -1;
#define HASH(p)                                                                                    \
	((((uint32_t)d[p] << 10) ^ ((uint32_t)d[p + 1] << 5) ^ d[p + 2]) & ((1u << HASH_BITS) - 1))
	while (i < n) {
		size_t best = 0, best_dist = 0;
		if (i + MIN_MATCH <= n) {
			uint32_t h = HASH(i);
			int32_t c = head[h];
			size_t limit = n - i < MAX_MATCH ? n - i : MAX_MATCH;
			for (int chain = 0; c >= 0 && i - (size_t)c <= WINDOW && chain < MAX_CHAIN;
			     chain++, c = prev[c]) {
				const unsigned char *a = d + i, *b = d + c;
				if (b[best] != a[best])
					continue;
				size_t l = 0;
				while (l < limit && a[l] == b[l])
					l++;
				if (l > best) {
					best = l;
					best_dist = i - (size_t)c;
					if (l == limit)
						break;
				}
			}
		}
		size_t step = best >= MIN_MATCH ? best : 1;
		if (best >= MIN_MATCH) {
			t[nt].len = (uint16_t)best;
			t[nt++].val = (uint16_t)best_dist;
		} else {
			t[nt].len = 0;
			t[nt++].val = d[i];
		}
		for (size_t k = 0; k < step; k++, i++)
			if (i + MIN_MATCH <= n) {
				uint32_t h = HASH(i);
				prev[i] = head[h];
				head[h] = (int32_t)i;
			}
	}
#undef HASH
	return nt;
}

/* ------------------------------------------------------------- Huffman */

/*
** Code lengths from frequencies, at most max_bits, always a complete code
** (inflate rejects incomplete ones): the Huffman merge on a small array (at
** most 286 symbols), then zlib's overflow repair -- move leaves down the
** tree keeping the Kraft sum at one -- and the lengths handed out again,
** shortest to the most frequent symbols.
*/
static void build_lengths(const uint32_t *freq_in, int n, int max_bits, uint8_t *len)
{
	int parent[2 * 290], sym[290], nodes = 0;
	uint64_t w[2 * 290];
	bool used[2 * 290];
	uint32_t freq[290];
	memcpy(freq, freq_in, (size_t)n * sizeof *freq);
	int nonzero = 0;
	for (int i = 0; i < n; i++)
		nonzero += freq[i] != 0;
	/* One symbol alone would get an incomplete one-bit code: add a twin. */
	for (int i = 0; i < n && nonzero < 2; i++)
		if (!freq[i]) {
			freq[i] = 1;
			nonzero++;
		}
	for (int i = 0; i < n; i++) {
		len[i] = 0;
		if (freq[i]) {
			sym[nodes] = i;
			w[nodes] = freq[i];
			used[nodes] = false;
			parent[nodes] = -1;
			nodes++;
		}
	}
	int leaves = nodes;
	for (int merged = 0; merged < leaves - 1; merged++) {
		int a = -1, b = -1;
		for (int k = 0; k < nodes; k++) {
			if (used[k])
				continue;
			if (a < 0 || w[k] < w[a]) {
				b = a;
				a = k;
			} else if (b < 0 || w[k] < w[b]) {
				b = k;
			}
		}
		used[a] = used[b] = true;
		w[nodes] = w[a] + w[b];
		used[nodes] = false;
		parent[nodes] = -1;
		parent[a] = parent[b] = nodes;
		nodes++;
	}
	int count[MAX_BITS + 2] = {0}, overflow = 0;
	for (int k = 0; k < leaves; k++) {
		int depth = 0;
		for (int p = k; parent[p] >= 0; p = parent[p])
			depth++;
		if (depth > max_bits) {
			depth = max_bits;
			overflow++;
		}
		count[depth]++;
	}
	while (overflow > 0) {
		int b = max_bits - 1;
		while (count[b] == 0)
			b--;
		count[b]--;
		count[b + 1] += 2;
		count[max_bits]--;
		overflow -= 2;
	}
	/* Leaves by falling frequency (ties by symbol): shortest codes first. */
	for (int i = 1; i < leaves; i++)
		for (int j = i;
		     j > 0 && (freq[sym[j]] > freq[sym[j - 1]] ||
		               (freq[sym[j]] == freq[sym[j - 1]] && sym[j] < sym[j - 1]));
		     j--) {
			int t = sym[j];
			sym[j] = sym[j - 1];
			sym[j - 1] = t;
		}
	int k = 0;
	for (int b = 1; b <= max_bits; b++)
		for (int c = 0; c < count[b]; c++)
			len[sym[k++]] = (uint8_t)b;
}

/* Canonical codes, stored bit-reversed for the LSB-first writer. */
static void build_codes(const uint8_t *len, int n, uint16_t *code)
{
	int count[MAX_BITS + 1] = {0}, next[MAX_BITS + 2];
	for (int i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	int c = 0;
	for (int b = 1; b <= MAX_BITS; b++) {
		c = (c + count[b - 1]) << 1;
		next[b] = c;
	}
	for (int i = 0; i < n; i++) {
		if (!len[i])
			continue;
		unsigned v = (unsigned)next[len[i]]++, r = 0;
		for (int k = 0; k < len[i]; k++, v >>= 1)
			r = (r << 1) | (v & 1);
		code[i] = (uint16_t)r;
	}
}

/* Run-length code the two length tables with symbols 16, 17, 18. */
static int rle_lengths(const uint8_t *lens, int n, uint8_t *sym, uint8_t *extra)
{
	int ns = 0;
	for (int i = 0; i < n;) {
		int run = 1;
		while (i + run < n && lens[i + run] == lens[i])
			run++;
		if (lens[i] == 0 && run >= 3) {
			int r = run > 138 ? 138 : run;
			sym[ns] = r >= 11 ? 18 : 17;
			extra[ns++] = (uint8_t)(r >= 11 ? r - 11 : r - 3);
			i += r;
		} else if (lens[i] != 0 && run >= 4) {
			sym[ns] = lens[i];
			extra[ns++] = 0;
			int r = run - 1 > 6 ? 6 : run - 1;
			sym[ns] = 16;
			extra[ns++] = (uint8_t)(r - 3);
			i += 1 + r;
		} else {
			sym[ns] = lens[i];
			extra[ns++] = 0;
			i++;
		}
	}
	return ns;
}

static void deflate_block(struct out *o, struct token *t, size_t nt)
{
	uint32_t lf[286] = {0}, df[30] = {0}, cf[19] = {0};
	uint8_t ll[286] = {0}, dl[30] = {0}, cl[19] = {0};
	uint8_t lens[286 + 30] = {0}, rs[286 + 30] = {0}, rx[286 + 30] = {0};
	uint16_t lc[286] = {0}, dc[30] = {0}, cc[19] = {0};
	for (size_t i = 0; i < nt; i++) {
		if (t[i].len) {
			lf[257 + len_code(t[i].len)]++;
			df[dist_code(t[i].val)]++;
		} else {
			lf[t[i].val]++;
		}
	}
	lf[256] = 1;
	build_lengths(lf, 286, MAX_BITS, ll);
	build_lengths(df, 30, MAX_BITS, dl);
	build_codes(ll, 286, lc);
	build_codes(dl, 30, dc);

	int hlit = 286, hdist = 30;
	while (hlit > 257 && !ll[hlit - 1])
		hlit--;
	while (hdist > 1 && !dl[hdist - 1])
		hdist--;
	memcpy(lens, ll, (size_t)hlit);
	memcpy(lens + hlit, dl, (size_t)hdist);
	int ns = rle_lengths(lens, hlit + hdist, rs, rx);
	for (int i = 0; i < ns; i++)
		cf[rs[i]]++;
	build_lengths(cf, 19, 7, cl);
	build_codes(cl, 19, cc);
	int hclen = 19;
	while (hclen > 4 && !cl[clen_order[hclen - 1]])
		hclen--;

	put_bits(o, 1, 1); /* BFINAL */
	put_bits(o, 2, 2); /* dynamic Huffman */
	put_bits(o, (uint32_t)(hlit - 257), 5);
	put_bits(o, (uint32_t)(hdist - 1), 5);
	put_bits(o, (uint32_t)(hclen - 4), 4);
	for (int i = 0; i < hclen; i++)
		put_bits(o, cl[clen_order[i]], 3);
	for (int i = 0; i < ns; i++) {
		put_bits(o, cc[rs[i]], cl[rs[i]]);
		if (rs[i] == 16)
			put_bits(o, rx[i], 2);
		else if (rs[i] == 17)
			put_bits(o, rx[i], 3);
		else if (rs[i] == 18)
			put_bits(o, rx[i], 7);
	}
	for (size_t i = 0; i < nt; i++) {
		if (!t[i].len) {
			put_bits(o, lc[t[i].val], ll[t[i].val]);
			continue;
		}
		int c = len_code(t[i].len), d = dist_code(t[i].val);
		put_bits(o, lc[257 + c], ll[257 + c]);
		put_bits(o, (uint32_t)(t[i].len - len_base[c]), len_extra[c]);
		put_bits(o, dc[d], dl[d]);
		put_bits(o, (uint32_t)(t[i].val - dist_base[d]), dist_extra[d]);
	}
	put_bits(o, lc[256], ll[256]);
	flush_bits(o);
}

/* ------------------------------------------------------------- PNG */

static uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	uint32_t table[256];
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
	crc = ~crc;
	for (size_t i = 0; i < n; i++)
		crc = table[(crc ^ p[i]) & 255] ^ (crc >> 8);
	return ~crc;
}

static uint32_t adler32(const unsigned char *p, size_t n)
{
	uint32_t a = 1, b = 0;
	while (n) {
		size_t k = n < 5552 ? n : 5552;
		n -= k;
		while (k--) {
			a += *p++;
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return b << 16 | a;
}

static void put_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

static bool chunk(FILE *f, const char *type, const unsigned char *data, size_t n)
{
	unsigned char hdr[8], crc[4];
	put_be32(hdr, (uint32_t)n);
	memcpy(hdr + 4, type, 4);
	uint32_t c = crc32_update(0, hdr + 4, 4);
	c = crc32_update(c, data, n);
	put_be32(crc, c);
	return fwrite(hdr, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) &&
	       fwrite(crc, 1, 4, f) == 4;
}

/* Grow a scratch buffer kept in the context: a fresh 1 MB per diagram costs
   page faults that show in the profile.  NULL when out of memory (the old
   buffer is kept, and freed with the context). */
static void *grow(void *buf, size_t *cap, size_t need)
{
	if (need <= *cap)
		return buf;
	void *nb = realloc(buf, need);
	if (nb)
		*cap = need;
	return nb;
}

/* ARGB32 (premultiplied) to PNG rows of the smallest exact colour type. */
static unsigned char *scanlines(struct png_scratch *z, cairo_surface_t *s, int w, int h, int *ctype,
                                size_t *n)
{
	const unsigned char *data = cairo_image_surface_get_data(s);
	int stride = cairo_image_surface_get_stride(s);
	bool grey = true, opaque = true;
	for (int y = 0; y < h; y++) {
		const uint32_t *row =
		    (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		for (int x = 0; x < w; x++) {
			uint32_t p = row[x];
			unsigned a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
			opaque &= a == 255;
			grey &= r == g && g == b;
		}
	}
	int bpp = (grey ? 1 : 3) + (opaque ? 0 : 1);
	*ctype = grey ? (opaque ? 0 : 4) : (opaque ? 2 : 6);
	size_t rowlen = (size_t)w * (size_t)bpp + 1;
	*n = rowlen * (size_t)h;
	unsigned char *out = grow(z->raw, &z->raw_cap, *n);
	if (!out)
		return NULL;
	z->raw = out;
	for (int y = 0; y < h; y++) {
		const uint32_t *row =
		    (const uint32_t *)(const void *)(data + (size_t)y * (size_t)stride);
		unsigned char *o = out + rowlen * (size_t)y, *q = o + 1;
		for (int x = 0; x < w; x++) {
			uint32_t p = row[x];
			unsigned a = p >> 24, c[3] = {(p >> 16) & 255, (p >> 8) & 255, p & 255};
			for (int k = 0; k < 3; k++)
				if (a && a != 255)
					c[k] = (c[k] * 255 + a / 2) / a;
			*q++ = (unsigned char)c[0];
			if (!grey) {
				*q++ = (unsigned char)c[1];
				*q++ = (unsigned char)c[2];
			}
			if (!opaque)
				*q++ = (unsigned char)a;
		}
		o[0] = y > 0 ? 2 : 0; /* "Up": flat areas become runs of zeros */
	}
	/* Filter from the bottom row up, so the row above is still raw. */
	for (int y = h - 1; y > 0; y--) {
		unsigned char *o = out + rowlen * (size_t)y + 1, *u = o - rowlen;
		for (size_t k = 0; k + 1 < rowlen; k++)
			o[k] = (unsigned char)(o[k] - u[k]);
	}
	return out;
}

void render_png_scratch_free(struct png_scratch *z)
{
	free(z->raw);
	free(z->tok);
	free(z->prev);
	free(z->head);
	free(z->out);
	memset(z, 0, sizeof *z);
}

cairo_status_t render_png_write(struct png_scratch *z, cairo_surface_t *s, FILE *f)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	cairo_surface_flush(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s), ctype;
	size_t n;
	unsigned char *raw = scanlines(z, s, w, h, &ctype, &n);
	struct token *t = raw ? grow(z->tok, &z->tok_cap, n * sizeof *t) : NULL;
	if (t)
		z->tok = t;
	int32_t *prev = raw ? grow(z->prev, &z->prev_cap, n * sizeof *prev) : NULL;
	if (prev)
		z->prev = prev;
	int32_t *head = grow(z->head, &z->head_cap, sizeof *head << HASH_BITS);
	if (head)
		z->head = head;
	struct out o = {z->out, 0, z->out_cap, 0, 0, false};
	cairo_status_t st = CAIRO_STATUS_NO_MEMORY;
	if (raw && t && head && prev) {
		size_t nt = lz77(raw, n, t, head, prev);
		put_byte(&o, 0x78); /* zlib: deflate, 32K window */
		put_byte(&o, 0x01);
		deflate_block(&o, t, nt);
		unsigned char ad[4], ihdr[13];
		put_be32(ad, adler32(raw, n));
		for (int k = 0; k < 4; k++)
			put_byte(&o, ad[k]);
		put_be32(ihdr, (uint32_t)w);
		put_be32(ihdr + 4, (uint32_t)h);
		ihdr[8] = 8;
		ihdr[9] = (unsigned char)ctype;
		ihdr[10] = ihdr[11] = ihdr[12] = 0;
		if (!o.oom)
			st = fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) &&
			             chunk(f, "IDAT", o.buf, o.len) && chunk(f, "IEND", NULL, 0)
			         ? CAIRO_STATUS_SUCCESS
			         : CAIRO_STATUS_WRITE_ERROR;
	}
	z->out = o.buf;
	z->out_cap = o.cap;
	return st;
}
