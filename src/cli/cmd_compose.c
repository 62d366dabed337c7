/*
** cmd_compose.c -- maat compose: search for new sound problems and write
** them as puzzle files (one YAML collection, or one file per problem in a
** directory), each written to a temporary file and renamed into place.
*/
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/interrupt.h"
#include "base/sighold.h"
#include "base/textsafe.h"
#include "cli/cli.h"
#include "compose/compose.h"
#include "play/play.h"
#include "solve/tt.h"

struct compose_args {
	const char *game, *stip, *out, *side, *pieces;
	int count, variations, solutions, jobs, method, duals, format, min_score, climb, pool;
	int men_variations;
	const char *avoid_titles;
	uint64_t seed;
	double max_time, candidate_time;
	size_t hash_mb;
	bool quiet_key, allow_capture, allow_check, allow_duals, allow_only, allow_forced;
	bool no_economy, quiet, allow_promoted, allow_lone_king, allow_short_threat, allow_set_win;
	bool allow_king_run;
	bool allow_flights, allow_undoing;
};

#define CLI_ARGS struct compose_args
static const struct cli_opt compose_opts[] = {
    CLI_TEXT_ROW("--game", NULL, game, "G", "the game (maat games)"),
    CLI_TEXT_ROW("--stip", NULL, stip, "\"win in N\"", "the stipulation, N from 1 to 5"),
    CLI_TEXT_ROW("--output", "-o", out, "DIR|FILE",
                 "one collection FILE, or one file a problem in DIR (default: standard output)"),
    CLI_INT_ROW("--count", NULL, count, 1, 100000, "K", "problems wanted (default 1)"),
    CLI_NUM_ROW(CLI_U64, "--seed", NULL, seed, 0, 0, "S", "the random seed (default 1)"),
    CLI_TEXT_ROW("--pieces", NULL, pieces, "MIN-MAX", "men on the board, kings included"),
    CLI_NUM_ROW(CLI_SECONDS, "--max-time", NULL, max_time, 0, 1000000, "T",
                "stop after T seconds with what was found (0: no limit)"),
    CLI_NUM_ROW(CLI_SECONDS, "--candidate-time", NULL, candidate_time, 0, 1000000, "T",
                "seconds for one candidate (default 10; 0: no limit)"),
    CLI_INT_ROW("-j", "--jobs", jobs, 0, 1024, "N", "threads (0: all cores)"),
    CLI_INT_ROW("--variations", NULL, variations, 0, 100, "K",
                "at least K variations (default 2 from win in 2; self play 1)"),
    CLI_INT_ROW("--men-variations", NULL, men_variations, 0, 100, "K",
                "at least K of them after defences by men other than the king (default 2 "
                "for chess #2, else 0)"),
    CLI_INT_ROW("--solutions", NULL, solutions, 1, 5, "K",
                "help play: exactly K solutions, parting at the first move (default 1; S9)"),
    CLI_CHOICE_ROW("--method", method, "place|play|mixed|backward",
                   "how candidates are made (default place; self play: backward)"),
    CLI_TEXT_ROW("--side", NULL, side, "WORD", "the solving side, or any"),
    CLI_NUM_ROW(CLI_SIZE, "--hash", NULL, hash_mb, 1, TT_MAX_MB, "MB",
                "transposition table per thread (default 16)"),
    CLI_CHOICE_ROW(
        "--duals", duals, "any|main|strict|none|play",
        "duals a problem may have (default main; win in 2 of chess, Upuaut, Morok: play)"),
    CLI_FLAG_ROW("--quiet-key", quiet_key, "the key neither captures nor checks"),
    CLI_FLAG_ROW("--allow-capture", allow_capture, "the key may capture"),
    CLI_FLAG_ROW("--allow-check", allow_check, "the key may give check"),
    CLI_FLAG_ROW("--allow-duals", allow_duals, "--duals any"),
    CLI_FLAG_ROW("--allow-only-move", allow_only, "the key may be the only legal move"),
    CLI_FLAG_ROW("--allow-forced", allow_forced,
                 "Morok: the solver may start with a forced capture"),
    CLI_FLAG_ROW("--no-economy", no_economy, "keep men the problem does not need"),
    CLI_FLAG_ROW("--allow-promoted", allow_promoted,
                 "promoted force (two bishops on one colour, three rooks, ...), or pawns "
                 "and checks no game reaches"),
    CLI_FLAG_ROW("--allow-lone-king", allow_lone_king,
                 "direct play: the defender may have its king alone; help play: either side"),
    CLI_FLAG_ROW("--allow-short-threat", allow_short_threat,
                 "the threat may win sooner than the stipulation (refused from win in 3)"),
    CLI_FLAG_ROW("--allow-set-win", allow_set_win,
                 "self play: the defender, were it to move first, may win at once"),
    CLI_FLAG_ROW("--allow-king-run", allow_king_run,
                 "direct play, Tavlei: the solving king may make the key and every answer "
                 "(a run to the edge, T8)"),
    CLI_FLAG_ROW("--allow-flights", allow_flights,
                 "direct play in 2 (chess, Upuaut): the defending king may have flights and "
                 "the key may take them"),
    CLI_FLAG_ROW("--allow-undoing", allow_undoing,
                 "direct play in 2 (chess, Upuaut, Morok): most defences may be answered by "
                 "taking the man that has just defended"),
    CLI_INT_ROW("--min-score", NULL, min_score, -1000, 1000, "S",
                "keep only problems scoring at least S (the score: maat(1) COMPOSING; default "
                "none, Tavlei's win in 2: 1)"),
    CLI_INT_ROW("--climb", NULL, climb, 0, 1000, "K",
                "changes tried on each problem to raise its score (default 12 to N = 3, chess #2 "
                "40; 0: none)"),
    CLI_INT_ROW("--pool", NULL, pool, 1, 20, "K",
                "find K times --count problems and keep the best scored (default 1; win in 2 "
                "of chess and Upuaut: 4, of Morok: 2)"),
    CLI_TEXT_ROW("--avoid-titles", NULL, avoid_titles, "PATH",
                 "no title a puzzle file (or a directory's .yaml files) under PATH has"),
    CLI_CHOICE_ROW("--format", format, "yaml|json",
                   "puzzle files (default), or one JSON line a problem with its score's features"),
    CLI_FLAG_ROW("--quiet", quiet, "no progress and no statistics"),
};
#undef CLI_ARGS

const struct cli_spec compose_spec = {
    "compose", "--game G --stip \"win in N\"",
    "search for new sound problems and write them as puzzle files", compose_opts,
    CLI_NOPTS(compose_opts)};

#define NO_MIN_SCORE (-100000) /* outside --min-score's range: not given */

/* The titles of the puzzle files at path (a file, or the .yaml files of a
   directory and its subdirectories), from their "title:" fields and the
   "# Title:" comments of YACPDB entries, appended to *list. */
struct titles {
	char **v;
	int n, cap;
};

static int add_title(struct titles *t, const char *text, size_t len)
{
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\r'))
		len--;
	bool quoted = len >= 2 && text[0] == '"' && text[len - 1] == '"';
	if (quoted) {
		text++;
		len -= 2;
	}
	char *copy = malloc(len + 1);
	if (!copy)
		return -1;
	size_t k = 0;
	for (size_t i = 0; i < len; i++) {
		if (quoted && text[i] == '\\' && i + 1 < len)
			i++;
		copy[k++] = text[i];
	}
	copy[k] = 0;
	if (t->n == t->cap) {
		int cap = t->cap ? 2 * t->cap : 64;
		char **v = realloc(t->v, (size_t)cap * sizeof *v);
		if (!v) {
			free(copy);
			return -1;
		}
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n++] = copy;
	return 0;
}

static int read_titles(const char *path, struct titles *t, int depth)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	if (S_ISDIR(st.st_mode)) {
		if (depth > 4)
			return 0;
		DIR *d = opendir(path);
		if (!d)
			return -1;
		struct dirent *e;
		int rc = 0;
		while (rc == 0 && (e = readdir(d))) {
			size_t n = strlen(e->d_name);
			if (e->d_name[0] == '.')
				continue;
			char sub[4096];
			if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub)
				continue;
			struct stat ss;
			if (stat(sub, &ss) != 0)
				continue;
			if (S_ISDIR(ss.st_mode) || (n > 5 && !strcmp(e->d_name + n - 5, ".yaml")))
				rc = read_titles(sub, t, depth + 1);
		}
		closedir(d);
		return rc;
	}
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[1024];
	int rc = 0;
	while (rc == 0 && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		const char *v = NULL;
		if (!strncmp(line, "title: ", 7))
			v = line + 7;
		else if (!strncmp(line, "# Title: ", 9))
			v = line + 9;
		if (v)
			rc = add_title(t, v, strlen(v));
	}
	fclose(f);
	return rc;
}

static void free_titles(struct titles *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
}

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

/* A shell word: quoted when it holds anything but safe characters. */
static void append_word(FILE *f, const char *w)
{
	bool plain = *w != 0;
	for (const char *p = w; *p; p++)
		plain &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		         (*p >= '0' && *p <= '9') || strchr("-_./=+,:", *p);
	if (plain) {
		fprintf(f, " %s", w);
		return;
	}
	fputs(" '", f);
	for (const char *p = w; *p; p++)
		if (*p == '\'')
			fputs("'\\''", f); /* the quote closed, an escaped quote, opened again */
		else
			fputc(*p, f);
	fputc('\'', f);
}

/*
** The command that gives the same problems (threads, time and output
** aside): each option once, as it was last given (the value parsing
** kept), in the words cli_next() read -- "-j2" and "--seed=7" too.  NULL
** when out of memory.
*/
static char *command_line(int argc, char **argv)
{
	int at[CLI_NOPTS(compose_opts)]; /* the word of each option's last */
	for (int i = 1, k = 0; i < argc; k++) {
		const struct cli_opt *o;
		const char *v;
		if (cli_next(&compose_spec, argc, argv, &i, &o, &v) != 0 || !o)
			return NULL; /* cli_parse() read them already */
		at[o - compose_opts] = k;
	}
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	fputs("maat compose", f);
	for (int i = 1, k = 0; i < argc; k++) {
		const struct cli_opt *o;
		const char *v;
		cli_next(&compose_spec, argc, argv, &i, &o, &v);
		size_t j = (size_t)(o - compose_opts);
		if (at[j] != k || o->at == offsetof(struct compose_args, out) ||
		    o->at == offsetof(struct compose_args, jobs) ||
		    o->at == offsetof(struct compose_args, max_time) ||
		    o->at == offsetof(struct compose_args, quiet))
			continue;
		append_word(f, o->name);
		if (v)
			append_word(f, v);
	}
	if (fclose(f) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

static bool is_dir(const char *path)
{
	struct stat st;
	size_t n = strlen(path);
	if (n && path[n - 1] == '/')
		return true;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Problem k's file in the directory out: "out/upuaut-2-s11-001.yaml",
   ".json" when the problems are written as JSON.  False when the name does
   not fit. */
static bool item_path(const struct compose_opts *o, const char *out, int k, bool json, char *path,
                      size_t len)
{
	size_t l = strlen(out);
	const char *sep = l && out[l - 1] == '/' ? "" : "/";
	int w = snprintf(path, len, "%s%s%s-%d-s%llu-%03d.%s", out, sep, o->g->id, o->stip.n,
	                 (unsigned long long)o->seed, k + 1, json ? "json" : "yaml");
	return w >= 0 && (size_t)w < len;
}

/*
** Before the search: the place the problems go can be written to.  A bad
** path found after the search threw away all it had found.  A temporary
** file is made and removed where the first file will be.
*/
static int check_output(const struct compose_opts *o, const char *out, bool json)
{
	char path[4096], tmp[4200];
	const char *at = path;
	if (!out)
		return 0;
	if (is_dir(out)) {
		if (mkdir(out, 0777) != 0 && errno != EEXIST) {
			cli_error("compose: cannot write to %s: %s", out, strerror(errno));
			return -1;
		}
		if (!item_path(o, out, 0, json, path, sizeof path)) {
			cli_error("compose: %s: the path is too long", out);
			return -1;
		}
	} else {
		at = out; /* whole: a copy cut to a buffer was another file */
	}
	FILE *f = atomic_open(at, tmp, sizeof tmp);
	if (!f) {
		cli_error("compose: cannot write %s: %s", at, strerror(errno));
		return -1;
	}
	atomic_abandon(f, tmp);
	return 0;
}

/*
** The problems found, into one file or one file each (atomically: never
** half a file).  None found: nothing is written, and a file of that name
** stays as it was -- never replaced by nothing.
*/
typedef void (*write_fn)(FILE *f, const struct compose_opts *o, const struct composed *c,
                         const char *command);

static int write_output(const struct compose_opts *o, const char *out, const struct composed *c,
                        int n, const char *command, bool quiet, bool json)
{
	write_fn compose_write = json ? compose_write_json : compose_write_yaml;
	char tmp[4200], path[4096];
	if (!out) {
		for (int k = 0; k < n; k++)
			compose_write(stdout, o, &c[k], command);
		return 0;
	}
	if (n == 0) {
		struct stat st;
		if (!quiet)
			text_fprintf(stderr, "compose: no problem found: %s %s\n", out,
			             stat(out, &st) == 0 ? "is left as it was" : "is not written");
		return 0;
	}
	if (!is_dir(out)) {
		FILE *f = atomic_open(out, tmp, sizeof tmp);
		if (!f) {
			cli_error("compose: cannot write %s: %s", out, strerror(errno));
			return -1;
		}
		for (int k = 0; k < n; k++)
			compose_write(f, o, &c[k], command);
		if (atomic_close(f, tmp, out) != 0) {
			cli_error("compose: cannot write %s: %s (the file is as it was)", out,
			          strerror(errno));
			return -1;
		}
		return 0;
	}
	if (mkdir(out, 0777) != 0 && errno != EEXIST) {
		cli_error("compose: cannot write to %s: %s", out, strerror(errno));
		return -1;
	}
	for (int k = 0; k < n; k++) {
		if (!item_path(o, out, k, json, path, sizeof path)) {
			cli_error("compose: %s: the path is too long", out);
			return -1;
		}
		FILE *f = atomic_open(path, tmp, sizeof tmp);
		if (!f) {
			cli_error("compose: cannot write %s: %s", path, strerror(errno));
			return -1;
		}
		compose_write(f, o, &c[k], command);
		if (atomic_close(f, tmp, path) != 0) {
			cli_error("compose: cannot write %s: %s", path, strerror(errno));
			return -1;
		}
	}
	return 0;
}

int cmd_compose(int argc, char **argv)
{
	struct compose_args a;
	memset(&a, 0, sizeof a);
	/* not given: the defaults */
	a.count = a.variations = a.men_variations = a.duals = a.climb = a.pool = a.method = -1;
	a.min_score = NO_MIN_SCORE;
	a.candidate_time = -1;
	a.seed = 1;
	char **rest = argv + 1;
	int nrest = 0;
	int pr = cli_parse(&compose_spec, argc, argv, &a, rest, &nrest);
	if (pr == 0 && nrest) {
		cli_error("compose: unexpected argument '%s'", rest[0]);
		pr = -1;
	}
	if (pr)
		return CLI_EXIT(pr);
	if (!a.game || !a.stip) {
		cli_usage(stderr, &compose_spec);
		return EXIT_INPUT;
	}
	const char *out = a.out, *side = a.side;
	bool quiet = a.quiet;
	const struct game *g = cli_find_game(a.game);
	if (!g)
		return EXIT_INPUT;
	struct stipulation st;
	char err[256];
	int r = stip_parse(a.stip, &st, err, sizeof err);
	const struct play *pl = r == 0 ? play_of(st.kind) : NULL; /* every row composes */
	bool lines = pl && pl->family == FAMILY_LINES;
	if (r != 0) {
		text_fprintf(stderr, "stipulation: %s\n", err);
		return EXIT_INPUT;
	}
	if (st.n > (lines ? 3 : 5)) {
		cli_error("compose: %s is beyond the composer (at most %s)", st.text,
		          lines ? "3 moves (or 3.5)" : "5 moves");
		return EXIT_INPUT;
	}
	struct compose_opts o;
	compose_defaults(&o, g, &st);
	if (a.count > 0)
		o.count = a.count;
	o.seed = a.seed;
	if (a.pieces && !parse_range(a.pieces, &o.min_pieces, &o.max_pieces)) {
		cli_error("compose: --pieces takes MIN-MAX men, kings included (e.g. 4-7), MIN at "
		          "least 2");
		return EXIT_INPUT;
	}
	o.max_seconds = a.max_time;
	if (a.candidate_time >= 0)
		o.candidate_seconds = a.candidate_time;
	/* the tables of all threads within the budget of a run's tables */
	bool exact_jobs = a.jobs > 0;
	int jobs = a.jobs;
	if (jobs <= 0) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		jobs = cores > 0 ? (int)cores : 1;
	}
	char why[512];
	o.jobs = tt_fit(jobs, exact_jobs, a.hash_mb ? a.hash_mb : o.hash_mb, why, sizeof why);
	if (o.jobs == 0) {
		cli_error("compose: %s", why);
		return EXIT_INPUT;
	}
	if (a.variations >= 0)
		o.variations = a.variations;
	if (a.solutions > 0)
		o.solutions = a.solutions;
	if (a.hash_mb)
		o.hash_mb = a.hash_mb;
	if (a.method >= 0)
		o.method = (enum compose_method)a.method;
	if (side) {
		if (!strcmp(side, "any"))
			o.side = -1;
		else if (!strcasecmp(side, g->side_word[0]) || !strcasecmp(side, g->side_name[0]))
			o.side = 0;
		else if (!strcasecmp(side, g->side_word[1]) || !strcasecmp(side, g->side_name[1]))
			o.side = 1;
		else {
			cli_error("compose: --side takes %s, %s or any, got '%s'", g->side_word[0],
			          g->side_word[1], side);
			return EXIT_INPUT;
		}
	}
	if (a.quiet_key)
		o.allow_capture_key = o.allow_check_key = false;
	if (a.allow_capture)
		o.allow_capture_key = true;
	if (a.allow_check)
		o.allow_check_key = true;
	if (a.allow_duals)
		o.duals = DUALS_ANY;
	if (a.duals >= 0)
		o.duals = (enum compose_duals)a.duals;
	bool allow_only = a.allow_only, allow_forced = a.allow_forced, no_economy = a.no_economy;
	o.allow_only_move = allow_only;
	o.allow_forced = allow_forced;
	o.economy = !no_economy;
	o.allow_promoted = a.allow_promoted;
	o.allow_lone_king = a.allow_lone_king;
	if (a.allow_short_threat)
		o.allow_short_threat = true;
	if (a.allow_set_win)
		o.allow_set_win = true;
	if (a.allow_king_run)
		o.allow_king_run = true;
	if (a.allow_flights)
		o.closed_king = false;
	if (a.allow_undoing)
		o.undoing_refused = false;
	if (a.men_variations >= 0)
		o.men_variations = a.men_variations;
	if (a.min_score != NO_MIN_SCORE) {
		o.has_min_score = true;
		o.min_score = a.min_score;
	}
	if (a.climb >= 0)
		o.climb = a.climb;
	if (a.pool >= 0)
		o.pool = a.pool;
	struct titles avoid = {NULL, 0, 0};
	if (a.avoid_titles) {
		if (read_titles(a.avoid_titles, &avoid, 0) != 0) {
			cli_error("compose: --avoid-titles: cannot read %s: %s", a.avoid_titles,
			          strerror(errno ? errno : ENOMEM));
			free_titles(&avoid);
			return EXIT_INPUT;
		}
		o.avoid_titles = (const char *const *)avoid.v;
		o.navoid = avoid.n;
	}

	char *command = command_line(argc, argv);
	if (!command) {
		cli_error("out of memory");
		free_titles(&avoid);
		return EXIT_INPUT;
	}
	if (check_output(&o, out, a.format == 1) < 0) {
		free(command);
		free_titles(&avoid);
		return EXIT_INPUT;
	}
	/* Ctrl-C, SIGTERM, SIGHUP: the search ends, and what it found is
	   written like the problems of a run that ran out of time */
	struct interrupt_catch ic;
	interrupt_clear();
	interrupt_catch(&ic, true, true);
	o.stop = interrupt_flag();
	struct progress_ctx pc = {.tty = !quiet && isatty(2)};
	struct composed *c;
	struct compose_stats stats;
	int found = compose_run(&o, show_progress, &pc, &c, &stats);
	if (pc.shown)
		fprintf(stderr, "\r\033[K");
	if (found < 0) {
		interrupt_release(&ic);
		free(command);
		cli_error("out of memory");
		free_titles(&avoid);
		return EXIT_INPUT;
	}
	/* a signal now waits until the temporary file is renamed: no partial file */
	struct sig_hold held;
	sig_hold(&held);
	int rc = write_output(&o, out, c, found, command, quiet, a.format == 1) == 0 ? EXIT_OK
	                                                                             : EXIT_INPUT;
	sig_release(&held);
	interrupt_release(&ic);
	free(command);
	int sig = interrupt_signal();
	if (sig)
		fprintf(stderr, "compose: %s: stopped, %d problem%s found%s\n",
		        sig == SIGINT    ? "interrupted"
		        : sig == SIGTERM ? "terminated"
		                         : "hung up",
		        found, found == 1 ? "" : "s",
		        found && out && rc == EXIT_OK ? " and written" : "");
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
			    "variations, %llu promoted force, %llu lone king, %llu short threat, "
			    "%llu defender wins at once, %llu king run, %llu one win repeated, "
			    "%llu below --min-score\n",
			    (ull)stats.small, (ull)stats.key, (ull)stats.only_move,
			    (ull)stats.forced, (ull)stats.duals, (ull)stats.variations,
			    (ull)stats.legal, (ull)stats.lone, (ull)stats.short_threat,
			    (ull)stats.set_win, (ull)stats.king_run, (ull)stats.repeated,
			    (ull)stats.low_score);
	}
	for (int k = 0; k < found; k++)
		composed_free(&c[k]);
	free(c);
	free_titles(&avoid);
	if (rc == EXIT_OK && found < o.count)
		rc = EXIT_UNSOUND;
	return sig && rc != EXIT_INPUT ? 128 + sig : rc;
}
