/*
** png.c -- PNG files of cairo image surfaces, compressed by zlib.
**
** cairo's own writer goes through libpng with every row filter tried at
** zlib's default level, and took more than half of the time of a diagram.
** This one writes what a diagram needs: grey (the print and grey styles are
** pure grey) or RGB, with alpha only when some pixel is not opaque, every row
** filtered "Up" (flat areas become runs of zeros), deflated by zlib; a pHYs
** chunk with the resolution when the size was a length.  No time or text
** chunks:
** the file is a function of the pixels (and of zlib's version).
*/
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "render/context.h"
#include "render/png.h"

/* zlib's default level.  On make bench's 200 chess diagrams (300 px) its
   files are 14% smaller than the hand-written encoder's were (1.93 MB
   against 2.24 MB) in about the same CPU time, 0.5 s for the whole run;
   level 3 is a third faster and 22% larger, level 9 five times slower and
   3% smaller. */
#define PNG_ZLIB_LEVEL 6

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
	uLong c = crc32(0L, hdr + 4, 4);
	if (n)
		c = crc32(c, data, (uInt)n);
	put_be32(crc, (uint32_t)c);
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
		o[0] = y > 0 ? 2 : 0; /* "Up" */
	}
	/* Filter from the bottom row up, so the row above is still raw. */
	for (int y = h - 1; y > 0; y--) {
		unsigned char *o = out + rowlen * (size_t)y + 1, *u = o - rowlen;
		for (size_t k = 0; k + 1 < rowlen; k++)
			o[k] = (unsigned char)(o[k] - u[k]);
	}
	return out;
}

/* raw[0..n) -> z->out as one zlib stream; its length, 0 on failure. */
static size_t compress_rows(struct png_scratch *z, const unsigned char *raw, size_t n)
{
	z_stream zs;
	memset(&zs, 0, sizeof zs);
	if (deflateInit2(&zs, PNG_ZLIB_LEVEL, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return 0;
	size_t bound = deflateBound(&zs, (uLong)n);
	unsigned char *out = grow(z->out, &z->out_cap, bound);
	size_t len = 0;
	if (out) {
		z->out = out;
		zs.next_in = (Bytef *)(uintptr_t)raw;
		zs.avail_in = (uInt)n;
		zs.next_out = out;
		zs.avail_out = (uInt)bound;
		if (deflate(&zs, Z_FINISH) == Z_STREAM_END)
			len = zs.total_out;
	}
	deflateEnd(&zs);
	return len;
}

cairo_status_t render_png_write(struct png_scratch *z, cairo_surface_t *s, double dpi, FILE *f)
{
	static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
	cairo_surface_flush(s);
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s), ctype;
	size_t n;
	/* one deflate call takes at most 4 GB: far beyond a 4000 px diagram */
	unsigned char *raw = scanlines(z, s, w, h, &ctype, &n);
	if (!raw || n > UINT32_MAX)
		return CAIRO_STATUS_NO_MEMORY;
	size_t len = compress_rows(z, raw, n);
	if (!len)
		return CAIRO_STATUS_NO_MEMORY;
	unsigned char ihdr[13];
	put_be32(ihdr, (uint32_t)w);
	put_be32(ihdr + 4, (uint32_t)h);
	ihdr[8] = 8;
	ihdr[9] = (unsigned char)ctype;
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	/* pHYs: the resolution, in pixels a metre, when the size was given
	   in a length (--size 60mm --dpi 300): a program that prints the
	   file sets it at that size */
	unsigned char phys[9];
	uint32_t ppm = (uint32_t)lround(dpi / 0.0254);
	put_be32(phys, ppm);
	put_be32(phys + 4, ppm);
	phys[8] = 1; /* the unit is the metre */
	return fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) &&
	               (dpi <= 0 || chunk(f, "pHYs", phys, 9)) && chunk(f, "IDAT", z->out, len) &&
	               chunk(f, "IEND", NULL, 0)
	           ? CAIRO_STATUS_SUCCESS
	           : CAIRO_STATUS_WRITE_ERROR;
}
