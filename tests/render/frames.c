/*
** frames.c -- the diagram frames on a page, measured from its pixels (built
** by tests/cli.d/53-booklet.sh with cairo only).  The page is a PNG that
** poppler rasterised from maat's PDF, so what is measured is what a reader
** sees, not the numbers maat laid out.
**
**   frames PAGE.png DPI   prints "x y w h" in mm for each board frame,
**                         top to bottom, left to right
**
** A frame is a rectangle of dark lines at least MIN_MM long: a horizontal
** run, a vertical run down from its left end, and a horizontal run at the
** foot of that.  Hatching runs diagonally and text is short, so neither
** makes one; a frame inside another (the inner line of the double frame,
** a tafl grid's cells) is dropped.
*/
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

#define MIN_MM 12.0
#define MAX_FRAMES 4096

struct rect {
	int x0, y0, x1, y1; /* inclusive */
};

static unsigned char *dark_map(cairo_surface_t *s, int *w, int *h)
{
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	unsigned char *d = cairo_image_surface_get_data(s);
	unsigned char *m = malloc((size_t)*w * (size_t)*h);
	if (!m)
		return NULL;
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			unsigned px = ((unsigned *)(d + y * stride))[x];
			unsigned a = cairo_image_surface_get_format(s) == CAIRO_FORMAT_RGB24
			                 ? 255
			                 : (px >> 24) & 255;
			/* premultiplied over white */
			double g = 0.299 * (((px >> 16) & 255) + 255 - a) +
			           0.587 * (((px >> 8) & 255) + 255 - a) +
			           0.114 * ((px & 255) + 255 - a);
			m[(size_t)y * (size_t)*w + (size_t)x] = g < 128;
		}
	return m;
}

static int dark(const unsigned char *m, int w, int h, int x, int y)
{
	return x >= 0 && y >= 0 && x < w && y < h && m[(size_t)y * (size_t)w + (size_t)x];
}

/* Is the run from x0 to x1 on row y dark nearly all along (anti-aliasing
   may lighten a pixel or two)? */
static int row_dark(const unsigned char *m, int w, int h, int x0, int x1, int y)
{
	int miss = 0;
	for (int x = x0; x <= x1; x++)
		miss +=
		    !(dark(m, w, h, x, y) || dark(m, w, h, x, y - 1) || dark(m, w, h, x, y + 1));
	return miss <= (x1 - x0) / 50;
}

static int contains(const struct rect *a, const struct rect *b)
{
	return b->x0 >= a->x0 && b->x1 <= a->x1 && b->y0 >= a->y0 && b->y1 <= a->y1;
}

static int by_place(const void *pa, const void *pb)
{
	const struct rect *a = pa, *b = pb;
	/* rows: tops within 2 mm-ish of each other are one row */
	if (abs(a->y0 - b->y0) > 8)
		return a->y0 < b->y0 ? -1 : 1;
	return a->x0 < b->x0 ? -1 : a->x0 > b->x0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: frames PAGE.png DPI\n");
		return 2;
	}
	double dpi = atof(argv[2]), mm = dpi / 25.4;
	cairo_surface_t *s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS || dpi <= 0) {
		fprintf(stderr, "frames: cannot read %s\n", argv[1]);
		return 2;
	}
	int w, h, min = (int)(MIN_MM * mm);
	unsigned char *m = dark_map(s, &w, &h);
	static struct rect r[MAX_FRAMES];
	int n = 0;
	if (!m)
		return 2;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w;) {
			if (!dark(m, w, h, x, y)) {
				x++;
				continue;
			}
			int x1 = x;
			while (dark(m, w, h, x1 + 1, y))
				x1++;
			/* the top edge of a frame: dark above it is not */
			if (x1 - x + 1 >= min && !row_dark(m, w, h, x, x1, y - 2) &&
			    n < MAX_FRAMES) {
				/* down its left side (a column of the first two) */
				int y1 = y, col = dark(m, w, h, x, y + min / 2) ? x : x + 1;
				while (dark(m, w, h, col, y1 + 1) || dark(m, w, h, col + 1, y1 + 1))
					y1++;
				if (y1 - y + 1 >= min && row_dark(m, w, h, x, x1, y1) &&
				    (dark(m, w, h, x1, y1) || dark(m, w, h, x1 - 1, y1)))
					r[n++] = (struct rect){x, y, x1, y1};
			}
			x = x1 + 1;
		}
	/* the outermost rectangles only */
	int k = 0;
	for (int i = 0; i < n; i++) {
		int inside = 0;
		for (int j = 0; j < n && !inside; j++)
			inside =
			    j != i && contains(&r[j], &r[i]) && !(contains(&r[i], &r[j]) && j > i);
		if (!inside)
			r[k++] = r[i];
	}
	qsort(r, (size_t)k, sizeof r[0], by_place);
	for (int i = 0; i < k; i++)
		printf("%.1f %.1f %.1f %.1f\n", r[i].x0 / mm, r[i].y0 / mm,
		       (r[i].x1 - r[i].x0 + 1) / mm, (r[i].y1 - r[i].y0 + 1) / mm);
	free(m);
	cairo_surface_destroy(s);
	return 0;
}
