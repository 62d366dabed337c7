/*
** imgcmp.c -- compare two PNGs the way the render tests need (built by
** tests/cli.d/50-render.sh with cairo only; no ImageMagick).
**
**   imgcmp A.png B.png   prints "maxdiff M rmse R" after converting both to
**                        grey on white and a 3x3 box blur; exit 1 when the
**                        sizes differ.
**
** Renderer noise (cairo vs rsvg vs poppler) stays well under 100 after the
** blur; one missing or moved man gives 150 and more (research notes, sec. 5).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cairo.h>

static double *grey(cairo_surface_t *s, int *w, int *h)
{
	*w = cairo_image_surface_get_width(s);
	*h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s);
	unsigned char *d = cairo_image_surface_get_data(s);
	cairo_format_t fmt = cairo_image_surface_get_format(s);
	double *g = malloc(sizeof *g * (size_t)(*w * *h));
	for (int y = 0; y < *h; y++)
		for (int x = 0; x < *w; x++) {
			unsigned px = ((unsigned *)(d + y * stride))[x];
			double a = fmt == CAIRO_FORMAT_RGB24 ? 255 : (px >> 24) & 255;
			/* premultiplied: over white is c + (255 - a) */
			double r = ((px >> 16) & 255) + 255 - a, gr = ((px >> 8) & 255) + 255 - a,
			       b = (px & 255) + 255 - a;
			g[y * *w + x] = 0.299 * r + 0.587 * gr + 0.114 * b;
		}
	return g;
}

static double *blur(const double *g, int w, int h)
{
	double *o = malloc(sizeof *o * (size_t)(w * h));
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			double sum = 0;
			int n = 0;
			for (int dy = -1; dy <= 1; dy++)
				for (int dx = -1; dx <= 1; dx++) {
					int xx = x + dx, yy = y + dy;
					if (xx < 0 || yy < 0 || xx >= w || yy >= h)
						continue;
					sum += g[yy * w + xx];
					n++;
				}
			o[y * w + x] = sum / n;
		}
	return o;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: imgcmp A.png B.png\n");
		return 2;
	}
	cairo_surface_t *a = cairo_image_surface_create_from_png(argv[1]);
	cairo_surface_t *b = cairo_image_surface_create_from_png(argv[2]);
	if (cairo_surface_status(a) || cairo_surface_status(b)) {
		fprintf(stderr, "imgcmp: cannot read %s\n",
		        cairo_surface_status(a) ? argv[1] : argv[2]);
		return 2;
	}
	int wa, ha, wb, hb;
	double *ga = grey(a, &wa, &ha), *gb = grey(b, &wb, &hb);
	if (wa != wb || ha != hb) {
		printf("size %dx%d vs %dx%d\n", wa, ha, wb, hb);
		return 1;
	}
	double *ba = blur(ga, wa, ha), *bb = blur(gb, wb, hb);
	double maxd = 0, sq = 0;
	for (int i = 0; i < wa * ha; i++) {
		double d = fabs(ba[i] - bb[i]);
		if (d > maxd)
			maxd = d;
		sq += d * d;
	}
	printf("maxdiff %.0f rmse %.2f\n", maxd, sqrt(sq / (wa * ha)));
	free(ga);
	free(gb);
	free(ba);
	free(bb);
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	return 0;
}
