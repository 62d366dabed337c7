/*
** cmd_compose.c -- maat compose: search for new sound problems and write
** them as puzzle files (one YAML collection, or one file per problem in a
** directory), each written to a temporary file and renamed into place.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "compose.h"
#include "sighold.h"
#include "textsafe.h"

#define USAGE                                                                                      \
	"usage: maat compose --game G --stip \"win in N\" [--count K] [--seed S]\n"                \
	"         [--pieces MIN-MAX] [--max-time T] [--candidate-time T] [-j N]\n"                 \
	"         [--variations K] [--method place|play|mixed] [--side WORD]\n"                    \
	"         [--quiet-key] [--allow-capture] [--allow-check] [--allow-duals]\n"               \
	"         [--allow-only-move] [--allow-forced] [--no-economy] [--hash MB]\n"               \
	"         [--quiet] [-o DIR|FILE]"

struct progress_ctx {
	bool tty;
	bool shown;
};

static void show_progress(void *ctx, const struct compose_stats *st, int found, int wanted)
{
	struct progress_ctx *pc = ctx;
	if (!pc->tty || st->seconds < 0.5)
		return;
	fprintf(stderr, "\rcompose: %d/%d found (%.1f a minute), %llu candidates, %.0f s ", found,
	        wanted, 60 * found / st->seconds, (unsigned long long)st->candidates, st->seconds);
	fflush(stderr);
	pc->shown = true;
}

static bool parse_range(const char *s, int *lo, int *hi)
{
	char *end;
	if (!s)
		return false;
	errno = 0;
	long a = strtol(s, &end, 10), b = a;
	if (end == s || errno)
		return false;
	if (*end == '-') {
		const char *t = end + 1;
		b = strtol(t, &end, 10);
		if (end == t || errno)
			return false;
	}
	if (*end || a < 2 || b < a || b > MAX_SQUARES)
		return false;
	*lo = (int)a;
	*hi = (int)b;
	return true;
}

static bool parse_seconds(const char *s, double *out)
{
	char *end;
	if (!s)
		return false;
	double t = strtod(s, &end);
	if (end == s || *end || !(t >= 0 && t <= 1e6))
		return false;
	*out = t;
	return true;
}

/* A shell word: quoted when it holds anything but safe characters. */
static void append_word(char *buf, size_t len, const char *w)
{
	size_t used = strlen(buf);
	bool plain = *w != 0;
	for (const char *p = w; *p; p++)
		plain &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		         (*p >= '0' && *p <= '9') || strchr("-_./=+,:", *p);
	if (plain)
		snprintf(buf + used, len - used, " %s", w);
	else if (!strchr(w, '\''))
		snprintf(buf + used, len - used, " '%s'", w);
	else
		snprintf(buf + used, len - used, " \"%s\"", w);
}

/* Write to path.tmpXXXXXX and rename: readers never see half a file. */
static FILE *open_atomic(const char *path, char *tmp, size_t len)
{
	snprintf(tmp, len, "%s.tmpXXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return NULL;
	FILE *f = fdopen(fd, "w");
	if (!f) {
		close(fd);
		unlink(tmp);
	}
	return f;
}

static int close_atomic(FILE *f, const char *tmp, const char *path)
{
	bool bad = ferror(f) != 0;
	if (fflush(f) != 0)
		bad = true;
	if (fclose(f) != 0 || bad) {
		unlink(tmp);
		return -1;
	}
	/* mkstemp makes the file 0600; a puzzle file is an ordinary file */
	mode_t mask = umask(0);
	umask(mask);
	chmod(tmp, 0666 & ~mask);
	if (rename(tmp, path) != 0) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

static bool is_dir(const char *path)
{
	struct stat st;
	size_t n = strlen(path);
	if (n && path[n - 1] == '/')
		return true;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int write_output(const struct compose_opts *o, const char *out, const struct composed *c,
                        int n, const char *command)
{
	char tmp[4096], path[4096];
	if (!out) {
		for (int k = 0; k < n; k++)
			compose_write_yaml(stdout, o, &c[k], command);
		return 0;
	}
	if (!is_dir(out)) {
		FILE *f = open_atomic(out, tmp, sizeof tmp);
		if (!f) {
			cli_error("%s: %s", out, strerror(errno));
			return -1;
		}
		for (int k = 0; k < n; k++)
			compose_write_yaml(f, o, &c[k], command);
		if (close_atomic(f, tmp, out) != 0) {
			cli_error("%s: cannot write: %s", out, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (mkdir(out, 0777) != 0 && errno != EEXIST) {
		cli_error("%s: %s", out, strerror(errno));
		return -1;
	}
	size_t l = strlen(out);
	const char *sep = l && out[l - 1] == '/' ? "" : "/";
	for (int k = 0; k < n; k++) {
		snprintf(path, sizeof path, "%s%s%s-%d-s%llu-%03d.yaml", out, sep, o->g->id,
		         o->stip.n, (unsigned long long)o->seed, k + 1);
		FILE *f = open_atomic(path, tmp, sizeof tmp);
		if (!f) {
			cli_error("%s: %s", path, strerror(errno));
			return -1;
		}
		compose_write_yaml(f, o, &c[k], command);
		if (close_atomic(f, tmp, path) != 0) {
			cli_error("%s: cannot write: %s", path, strerror(errno));
			return -1;
		}
	}
	return 0;
}

int cmd_compose(int argc, char **argv)
{
	const char *game_id = NULL, *stip = NULL, *out = NULL, *side = NULL;
	const char *count_s = NULL, *seed_s = NULL, *pieces = NULL, *max_time = NULL;
	const char *cand_time = NULL, *jobs_s = NULL, *var_s = NULL, *method = NULL;
	const char *hash_s = NULL, *duals_s = NULL;
	bool allow_capture = false, allow_check = false, allow_duals = false;
	bool allow_only = false, allow_forced = false, no_economy = false, quiet = false;
	bool quiet_key = false;
	const struct {
		const char *name;
		const char **value; /* an option with a value */
		bool *flag;         /* or a flag */
	} known[] = {
	    {"--game", &game_id, NULL},
	    {"--stip", &stip, NULL},
	    {"-o", &out, NULL},
	    {"--side", &side, NULL},
	    {"--count", &count_s, NULL},
	    {"--seed", &seed_s, NULL},
	    {"--pieces", &pieces, NULL},
	    {"--max-time", &max_time, NULL},
	    {"--candidate-time", &cand_time, NULL},
	    {"-j", &jobs_s, NULL},
	    {"--jobs", &jobs_s, NULL},
	    {"--variations", &var_s, NULL},
	    {"--method", &method, NULL},
	    {"--hash", &hash_s, NULL},
	    {"--quiet-key", NULL, &quiet_key},
	    {"--allow-capture", NULL, &allow_capture},
	    {"--allow-check", NULL, &allow_check},
	    {"--allow-duals", NULL, &allow_duals},
	    {"--duals", &duals_s, NULL},
	    {"--allow-only-move", NULL, &allow_only},
	    {"--allow-forced", NULL, &allow_forced},
	    {"--no-economy", NULL, &no_economy},
	    {"--quiet", NULL, &quiet},
	};
	int nknown = (int)(sizeof known / sizeof known[0]);
	for (int i = 1; i < argc; i++) {
		int k = 0;
		while (k < nknown && strcmp(known[k].name, argv[i]) != 0)
			k++;
		if (k == nknown) {
			cli_error("compose: unknown option '%s'", argv[i]);
			fprintf(stderr, "%s\n", USAGE);
			return EXIT_INPUT;
		}
		if (known[k].flag) {
			*known[k].flag = true;
			continue;
		}
		if (i + 1 >= argc) {
			cli_error("compose: %s needs a value", argv[i]);
			return EXIT_INPUT;
		}
		*known[k].value = argv[++i];
	}
	if (!game_id || !stip) {
		fprintf(stderr, "%s\n", USAGE);
		return EXIT_INPUT;
	}
	const struct game *g = cli_find_game(game_id);
	if (!g)
		return EXIT_INPUT;
	struct stipulation st;
	char err[256];
	int r = stip_parse(stip, &st, err, sizeof err);
	if (r != 0 || st.kind != STIP_DIRECT) {
		text_fprintf(stderr, "stipulation: %s\n",
		        r != 0 ? err : "the composer makes direct problems only (\"win in N\")");
		return EXIT_INPUT;
	}
	if (st.n > 5) {
		cli_error("compose: win in %d is beyond the composer (at most 5)", st.n);
		return EXIT_INPUT;
	}
	struct compose_opts o;
	compose_defaults(&o, g, &st);
	long n;
	if (count_s) {
		if (!cli_parse_int(count_s, 1, 100000, &n)) {
			cli_error("--count takes a number from 1 to 100000");
			return EXIT_INPUT;
		}
		o.count = (int)n;
	}
	if (seed_s) {
		char *end;
		errno = 0;
		unsigned long long sd = strtoull(seed_s, &end, 10);
		if (!*seed_s || *end || errno || *seed_s == '-') {
			cli_error("--seed takes a non-negative number");
			return EXIT_INPUT;
		}
		o.seed = sd;
	}
	if (pieces && !parse_range(pieces, &o.min_pieces, &o.max_pieces)) {
		cli_error("--pieces takes MIN-MAX men, kings included (e.g. 4-7), MIN at least 2");
		return EXIT_INPUT;
	}
	if (max_time && !parse_seconds(max_time, &o.max_seconds)) {
		cli_error("--max-time takes seconds");
		return EXIT_INPUT;
	}
	if (cand_time && !parse_seconds(cand_time, &o.candidate_seconds)) {
		cli_error("--candidate-time takes seconds (0 = no limit)");
		return EXIT_INPUT;
	}
	if (jobs_s) {
		if (!cli_parse_int(jobs_s, 0, 1024, &n)) {
			cli_error("-j takes a number of threads from 0 (all cores) to 1024");
			return EXIT_INPUT;
		}
		o.jobs = (int)n;
	}
	if (var_s) {
		if (!cli_parse_int(var_s, 0, 100, &n)) {
			cli_error("--variations takes a number from 0 to 100");
			return EXIT_INPUT;
		}
		o.variations = (int)n;
	}
	if (hash_s) {
		if (!cli_parse_int(hash_s, 1, 65536, &n)) {
			cli_error("--hash takes megabytes from 1 to 65536");
			return EXIT_INPUT;
		}
		o.hash_mb = (size_t)n;
	}
	if (method) {
		if (!strcmp(method, "place"))
			o.method = COMPOSE_PLACE;
		else if (!strcmp(method, "play"))
			o.method = COMPOSE_PLAY;
		else if (!strcmp(method, "mixed"))
			o.method = COMPOSE_MIXED;
		else {
			cli_error("--method must be place, play or mixed, got '%s'", method);
			return EXIT_INPUT;
		}
	}
	if (side) {
		if (!strcmp(side, "any"))
			o.side = -1;
		else if (!strcasecmp(side, g->side_word[0]) || !strcasecmp(side, g->side_name[0]))
			o.side = 0;
		else if (!strcasecmp(side, g->side_word[1]) || !strcasecmp(side, g->side_name[1]))
			o.side = 1;
		else {
			cli_error("--side must be %s, %s or any, got '%s'", g->side_word[0],
			          g->side_word[1], side);
			return EXIT_INPUT;
		}
	}
	if (quiet_key)
		o.allow_capture_key = o.allow_check_key = false;
	if (allow_capture)
		o.allow_capture_key = true;
	if (allow_check)
		o.allow_check_key = true;
	if (allow_duals)
		o.duals = DUALS_ANY;
	if (duals_s) {
		static const char *const levels[] = {"any", "main", "strict", "none"};
		int k = 0;
		while (k < 4 && strcmp(duals_s, levels[k]) != 0)
			k++;
		if (k == 4) {
			cli_error("--duals must be any, main, strict or none, got '%s'", duals_s);
			return EXIT_INPUT;
		}
		o.duals = (enum compose_duals)k;
	}
	o.allow_only_move = allow_only;
	o.allow_forced = allow_forced;
	o.economy = !no_economy;

	/* The command that gives the same problems (threads and output aside). */
	char command[512] = "maat compose";
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "-j") ||
		    !strcmp(argv[i], "--jobs") || !strcmp(argv[i], "--max-time")) {
			i++;
			continue;
		}
		if (!strcmp(argv[i], "--quiet"))
			continue;
		append_word(command, sizeof command, argv[i]);
	}

	struct progress_ctx pc = {.tty = !quiet && isatty(2)};
	struct composed *c;
	struct compose_stats stats;
	int found = compose_run(&o, show_progress, &pc, &c, &stats);
	if (pc.shown)
		fprintf(stderr, "\r\033[K");
	if (found < 0) {
		cli_error("out of memory");
		return EXIT_INPUT;
	}
	/* Ctrl-C waits until the temporary file is renamed: no partial file */
	struct sig_hold held;
	sig_hold(&held);
	int rc = write_output(&o, out, c, found, command) == 0 ? EXIT_OK : EXIT_INPUT;
	sig_release(&held);
	if (!quiet) {
		typedef unsigned long long ull;
		fprintf(stderr,
		        "compose: %d/%d problems in %.1f s; %llu candidates: %llu no win, %llu "
		        "shorter, %llu cooked, %llu filtered, %llu duplicate, %llu timeout; "
		        "%llu illegal placements\n",
		        found, o.count, stats.seconds, (ull)stats.candidates, (ull)stats.no_win,
		        (ull)stats.shorter, (ull)stats.cooked, (ull)stats.filtered,
		        (ull)stats.duplicate, (ull)stats.timeout, (ull)stats.illegal);
		if (stats.unreadable)
			fprintf(stderr,
			        "compose: %llu sound problems left out: their solution text did "
			        "not read back as their solution (a bug: please report)\n",
			        (ull)stats.unreadable);
		if (stats.filtered)
			fprintf(
			    stderr,
			    "compose: filtered: %llu too few men after economy, %llu capture or "
			    "check key, %llu only move, %llu forced, %llu duals, %llu too few "
			    "variations\n",
			    (ull)stats.small, (ull)stats.key, (ull)stats.only_move,
			    (ull)stats.forced, (ull)stats.duals, (ull)stats.variations);
	}
	for (int k = 0; k < found; k++)
		composed_free(&c[k]);
	free(c);
	if (rc == EXIT_OK && found < o.count)
		rc = EXIT_UNSOUND;
	return rc;
}
