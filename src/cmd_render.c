/*
** cmd_render.c -- maat render: diagrams of puzzle files or of one position.
**
**   maat render FILE... -o OUT.{png,svg,pdf} [options]
**   maat render --game G --position STR [--rule N=V]... -o OUT [options]
**
** Everything is read and checked first (fonts, every puzzle, --mark); only
** then is anything written, each file atomically.  Several diagrams go into
** one PDF, or one file each into a directory (-o DIR/): DIR/FILEBASE-NN.EXT.
** (There each file is atomic on its own: should the disk fill up half-way,
** the files already written stay, complete.)
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch.h"
#include "cli.h"
#include "render.h"
#include "textsafe.h"

#define USAGE                                                                                      \
	"usage: maat render FILE... -o OUT.{png,svg,pdf}|DIR/ [--format png|svg|pdf]\n"            \
	"         [--size N|Nmm|Npt] [--style print|web|grey] [--coords] [--flip]\n"               \
	"         [--no-caption] [--arrow key|solution|none] [--mark SQ,...] [--transparent]\n"    \
	"         [--theme seed|classic] [--per-page N] [--font-dir DIR]\n"                        \
	"       maat render --game G --position STR [--rule N=V]... [--stip S]\n"                  \
	"         [--solution TEXT] -o OUT [options]"

struct args {
	const char *out, *format, *size, *font_dir;
	const char *game, *position, *stip, *solution;
	char *rules[MAX_RULES];
	int nrules;
	int style, arrows, theme; /* indices of the names, copied into o */
	char **files;
	int nfiles;
	struct render_opts o;
};

/* One drawable puzzle and where its diagram goes. */
struct item {
	const struct puzzle *p;
	int number;
};

/* The value of option argv[*i]; NULL (and a message) when it is missing. */
static char *value(int argc, char **argv, int *i)
{
	if (*i + 1 >= argc) {
		cli_error("render: %s needs a value", argv[*i]);
		return NULL;
	}
	return argv[++*i];
}

static int choose(const char *opt, const char *v, const char *const *names, int *out)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(v, names[i])) {
			*out = i;
			return 0;
		}
	cli_error("render: %s: unknown value '%s'", opt, v);
	return -1;
}

static int parse_args(int argc, char **argv, struct args *a)
{
	/* in the order of the enums in render.h */
	static const char *const styles[] = {"print", "web", "grey", NULL};
	static const char *const arrows[] = {"none", "key", "solution", NULL};
	static const char *const themes[] = {"seed", "classic", NULL};
	const struct {
		const char *name;
		const char **dst;
	} strs[] = {
	    {"-o", &a->out},
	    {"--output", &a->out},
	    {"--format", &a->format},
	    {"--size", &a->size},
	    {"--font-dir", &a->font_dir},
	    {"--game", &a->game},
	    {"--position", &a->position},
	    {"--stip", &a->stip},
	    {"--solution", &a->solution},
	    {"--mark", &a->o.marks},
	};
	const struct {
		const char *name;
		const char *const *names;
		int *dst;
	} choices[] = {
	    {"--style", styles, &a->style},
	    {"--arrow", arrows, &a->arrows},
	    {"--theme", themes, &a->theme},
	};
	const struct {
		const char *name;
		bool *dst;
	} flags[] = {
	    {"--coords", &a->o.coords},
	    {"--flip", &a->o.flip},
	    {"--no-caption", &a->o.no_caption},
	    {"--transparent", &a->o.transparent},
	};
#define COUNT(t) (int)(sizeof(t) / sizeof(t[0]))
	a->files = argv + 1;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], *v;
		bool known = false;
		for (int k = 0; k < COUNT(strs) && !known; k++)
			if ((known = !strcmp(s, strs[k].name)) &&
			    !(*strs[k].dst = value(argc, argv, &i)))
				return -1;
		for (int k = 0; k < COUNT(choices) && !known; k++)
			if ((known = !strcmp(s, choices[k].name)) &&
			    (!(v = value(argc, argv, &i)) ||
			     choose(s, v, choices[k].names, choices[k].dst) < 0))
				return -1;
		for (int k = 0; k < COUNT(flags) && !known; k++)
			if ((known = !strcmp(s, flags[k].name)))
				*flags[k].dst = true;
		if (known)
			continue;
		if (!strcmp(s, "--rule")) {
			if (a->nrules == MAX_RULES) {
				cli_error("render: too many --rule options");
				return -1;
			}
			if (!(a->rules[a->nrules++] = value(argc, argv, &i)))
				return -1;
		} else if (!strcmp(s, "--per-page")) {
			long n;
			if (!(v = value(argc, argv, &i)))
				return -1;
			if (!cli_parse_int(v, 1, 64, &n)) {
				cli_error(
				    "render: --per-page must be a number from 1 to 64, got '%s'",
				    v);
				return -1;
			}
			a->o.per_page = (int)n;
		} else if (s[0] == '-' && s[1]) {
			cli_error("render: unknown option '%s'", s);
			return -1;
		} else {
			a->files[a->nfiles++] = argv[i];
		}
	}
#undef COUNT
	a->o.style = (enum render_style)a->style;
	a->o.arrows = (enum render_arrows)a->arrows;
	a->o.theme = (enum render_theme)a->theme;
	return 0;
}

static bool is_dir_target(const char *out)
{
	struct stat st;
	size_t n = strlen(out);
	return (n && out[n - 1] == '/') || (stat(out, &st) == 0 && S_ISDIR(st.st_mode));
}

/* Output format and mode; the size once the unit is known. */
static int resolve_output(struct args *a, bool *dir)
{
	static const char *const formats[] = {"png", "svg", "pdf", NULL};
	int v;
	if (!a->out) {
		cli_error("render: no output: give -o OUT.png, OUT.svg, OUT.pdf or DIR/");
		return -1;
	}
	*dir = is_dir_target(a->out);
	if (*dir) {
		a->o.format = RENDER_PNG;
		if (a->format) {
			if (choose("--format", a->format, formats, &v) < 0)
				return -1;
			a->o.format = (enum render_format)v;
		}
	} else if (render_format_from_path(a->out, &a->o.format) < 0) {
		cli_error("render: %s: unknown output type (use .png, .svg or .pdf, or DIR/)",
		          a->out);
		return -1;
	} else if (a->format && strcmp(a->format, formats[a->o.format])) {
		cli_error("render: --format %s does not match %s", a->format, a->out);
		return -1;
	}
	if (a->o.per_page > 1 && a->o.format != RENDER_PDF) {
		cli_error("render: --per-page is for PDF output");
		return -1;
	}
	a->o.snap = a->o.format == RENDER_PNG;
	if (a->size) {
		char err[256];
		if (render_parse_size(a->size, a->o.format, &a->o.size, &a->o.snap, err,
		                      sizeof err) < 0) {
			cli_error("render: %s", err);
			return -1;
		}
	}
	return 0;
}

/* "dir/" + "puzzles/loyd-1858.yaml" #3 -> "dir/loyd-1858-03.png" */
static void item_path(const char *dir, const char *file, int index, enum render_format f, char *out,
                      size_t len)
{
	static const char *const ext[] = {"png", "svg", "pdf"};
	const char *base = file ? strrchr(file, '/') : NULL;
	base = base ? base + 1 : file ? file : "position";
	const char *dot = strrchr(base, '.');
	int n = dot && dot != base ? (int)(dot - base) : (int)strlen(base);
	size_t dl = strlen(dir);
	snprintf(out, len, "%s%s%.*s-%02d.%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", n, base,
	         index, ext[f]);
}

static int write_all(struct render_ctx *ctx, const struct args *a, bool dir,
                     const struct item *items, const struct diagram *d, int n)
{
	char err[512];
	if (!dir) {
		if (n > 1 && a->o.format != RENDER_PDF) {
			cli_error("render: %d diagrams: write them to a .pdf or to a directory "
			          "(-o DIR/)",
			          n);
			return -1;
		}
		if (render_write(ctx, d, n, &a->o, a->out, err, sizeof err) < 0) {
			cli_error("render: %s", err);
			return -1;
		}
		return 0;
	}
	if (mkdir(a->out, 0777) < 0 && errno != EEXIST) {
		cli_error("render: cannot create directory %s: %s", a->out, strerror(errno));
		return -1;
	}
	char(*paths)[4096] = calloc((size_t)n, sizeof *paths);
	if (!paths) {
		cli_error("out of memory");
		return -1;
	}
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		item_path(a->out, items[i].p->file,
		          items[i].p->index > 0 ? items[i].p->index : i + 1, a->o.format, paths[i],
		          sizeof paths[i]);
		for (int j = 0; j < i; j++)
			if (!strcmp(paths[i], paths[j])) {
				cli_error("render: two diagrams would both be written to %s",
				          paths[i]);
				rc = -1;
			}
	}
	for (int i = 0; i < n && rc == 0; i++)
		if (render_write(ctx, &d[i], 1, &a->o, paths[i], err, sizeof err) < 0) {
			cli_error("render: %s", err);
			rc = -1;
		}
	free(paths);
	return rc;
}

/* Build every diagram before writing any: a bad puzzle stops the command. */
static int build_all(struct render_ctx *ctx, const struct args *a, const struct item *items,
                     struct diagram *d, int n)
{
	for (int i = 0; i < n; i++) {
		const struct puzzle *p = items[i].p;
		char err[512];
		if (!p->has_position || !p->game) {
			cli_error("render: %s", p->error ? p->error : "puzzle has no position");
			return -1;
		}
		/* The board could be read: draw it, and say what else was wrong. */
		if (p->error)
			text_fprintf(stderr, "maat: render: warning: %s (drawn anyway)\n", p->error);
		if (render_diagram_build(ctx, p, items[i].number, &a->o, &d[i], err, sizeof err) <
		    0) {
			cli_error("render: %s:%d: %s", p->file ? p->file : "-", p->line, err);
			return -1;
		}
	}
	return 0;
}

/* The --game/--position puzzle; the caller frees it with free(). */
static struct puzzle *position_puzzle(struct args *a)
{
	const struct game *g = cli_find_game(a->game);
	if (!g)
		return NULL;
	struct puzzle *p = calloc(1, sizeof *p);
	if (!p) {
		cli_error("out of memory");
		return NULL;
	}
	p->game = g;
	p->index = 1;
	p->solution = (char *)a->solution;
	if (cli_load_position(g, p->pos, a->position, a->rules, a->nrules) < 0) {
		free(p);
		return NULL;
	}
	p->has_position = true;
	if (a->stip) {
		char err[256];
		if (stip_parse(a->stip, &p->stip, err, sizeof err) == -1) {
			cli_error("render: --stip: %s", err);
			free(p);
			return NULL;
		}
		p->has_stip = true;
	}
	return p;
}

int cmd_render(int argc, char **argv)
{
	struct args a;
	bool dir = false;
	memset(&a, 0, sizeof a);
	a.o.warn = stderr;
	if (parse_args(argc, argv, &a) < 0)
		return EXIT_INPUT;
	if ((a.nfiles == 0) == (a.game == NULL)) {
		if (a.game)
			cli_error("render: give puzzle files or --game, not both");
		else
			fprintf(stderr, "maat: %s\n", USAGE);
		return EXIT_INPUT;
	}
	if (!a.game && (a.position || a.nrules || a.stip || a.solution)) {
		cli_error("render: --position, --rule, --stip and --solution need --game");
		return EXIT_INPUT;
	}
	if (resolve_output(&a, &dir) < 0)
		return EXIT_INPUT;

	char err[512];
	struct render_ctx *ctx = render_ctx_new(a.font_dir, err, sizeof err);
	if (!ctx) {
		cli_error("render: %s", err);
		return EXIT_INPUT;
	}
	int rc = EXIT_INPUT, n = 0;
	struct batch b;
	struct puzzle *single = NULL;
	struct item *items = NULL;
	struct diagram *d = NULL;
	memset(&b, 0, sizeof b);
	if (a.game) {
		single = position_puzzle(&a);
		if (!single)
			goto done;
		items = calloc(1, sizeof *items);
		if (!items)
			goto oom;
		items[n++].p = single;
	} else {
		if (batch_load(&b, a.files, a.nfiles, NULL) < 0)
			goto oom;
		if (b.load_errors)
			goto done;
		items = calloc((size_t)b.total + 1, sizeof *items);
		if (!items)
			goto oom;
		for (int f = 0; f < b.nfiles; f++)
			for (int i = 0; i < b.files[f].count; i++) {
				struct puzzle *p = &b.files[f].items[i];
				items[n].p = p;
				items[n++].number = b.files[f].count > 1 ? p->index : 0;
			}
		if (n == 0) {
			cli_error("render: no puzzles in %s%s", a.files[0],
			          a.nfiles > 1 ? "..." : "");
			goto done;
		}
	}
	d = calloc((size_t)n, sizeof *d);
	if (!d)
		goto oom;
	if (build_all(ctx, &a, items, d, n) < 0 || write_all(ctx, &a, dir, items, d, n) < 0)
		goto done;
	rc = EXIT_OK;
	goto done;
oom:
	cli_error("out of memory");
done:
	free(d);
	free(items);
	free(single);
	batch_free(&b);
	render_ctx_free(ctx);
	return rc;
}
