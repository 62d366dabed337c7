/*
** popeye_lang.c -- the vocabulary of Popeye's input language, as data.
**
** The words are those of Popeye 4.x (py-engl.txt, py-deut.txt,
** py-fran.txt and the tables its input reader uses), in Popeye's order,
** so that prefixes are unique exactly where they are unique for Popeye.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "notation/popeye_lang.h"

#include "notation/fairy.h"

static const struct popeye_lang langs[POPEYE_LANGUAGES] =
    {
        [POPEYE_FRENCH] =
            {
                .name = "French",
                .begin_problem = "DebutProbleme",
                .end = {"FinProbleme", "asuivre", "jumeau", "zeroposition"},
                .command = {"remarque", "senonce", "auteur", "source", "pieces", "condition",
                            "option", "enonce", "protocol", "\n", "titre", "LaTeX", "PiecesLaTeX",
                            "prix", "PositionInitialePartie", "Forsyth"},
                .option = {"Defense",
                           "Apparent",
                           "ApparentSeul",
                           "Variantes",
                           "Trace",
                           "Enroute",
                           "SansRB",
                           "Duplex",
                           "SansRN",
                           "Menace",
                           "SansMenace",
                           "Essais",
                           "MaxSolutions",
                           "MaxCasesFuites",
                           "Search",
                           "MultiSolutions",
                           "NonSymetrique",
                           "NonTrivial",
                           "RetiensPieceMatante",
                           "EnPassant",
                           "SansEchiquier",
                           "SansVariantesCourtes",
                           "DemiDuplex",
                           "ApresCle",
                           "Intelligent",
                           "MaxTemps",
                           "SansRoquer",
                           "Quodlibet",
                           "FinApresSolutionsCourtes",
                           "Bip",
                           "SansGrille",
                           "AjouteGrille",
                           "RoquesMutuellementExclusifs",
                           "ButEstFin",
                           "optionnonpubliee",
                           "CoupsVides",
                           "JusquAuCoup",
                           "TrivialEssaiSupprimer",
                           "MatsEn1"},
                .twinning = {"deplacement", "echange", "enonce", "senonce", "ajoute", "ote",
                             "enplus", "rotation", "condition", "CouleurEchange", "miroir",
                             "translation", "remplace"},
                .colour = {"Blanc", "Noir", "Neutre", "TotalInvisible"},
                .piece_flag = {"Royale",        "Kamikaze",   "Paralysante",
                               "Cameleon",      "Jigger",     "Volage",
                               "Fonctionnaire", "DemiNeutre", "CouleurEchangeantSautoir",
                               "Protee",        "Magique",    "Imprenable",
                               "Patrouille",    "Frischauf",  "Bul",
                               "Dob",           "Anda",       "AndaInverse",
                               "AliceA",        "AliceB"},
                .piece = {"r", "d", "t", "f", "c", "p"},
            },
        [POPEYE_GERMAN] =
            {
                .name = "German",
                .begin_problem = "AnfangProblem",
                .end = {"EndeProblem", "WeiteresProblem", "Zwilling", "NullStellung"},
                .command = {"Bemerkung", "sForderung", "Autor", "Quelle", "Steine", "Bedingung",
                            "Option", "Forderung", "Protokoll", "\n", "Titel", "LaTeX",
                            "LaTeXSteine", "Auszeichnung", "PartieAnfangsStellung", "Forsyth"},
                .option = {"Widerlegung",
                           "Satzspiel",
                           "WeissBeginnt",
                           "Varianten",
                           "Zugnummern",
                           "StartZugnummer",
                           "OhneWk",
                           "Duplex",
                           "OhneSk",
                           "Drohung",
                           "OhneDrohung",
                           "Verfuehrung",
                           "MaxLoesungen",
                           "MaxFluchtFelder",
                           "Suchen",
                           "MehrereLoesungen",
                           "KeineSymmetrie",
                           "NichtTrivial",
                           "HalteMattsetzendenStein",
                           "EnPassant",
                           "OhneBrett",
                           "OhneKurzVarianten",
                           "HalbDuplex",
                           "NachSchluessel",
                           "Intelligent",
                           "MaxZeit",
                           "KeineRochade",
                           "Quodlibet",
                           "StopNachKurzloesungen",
                           "Pieps",
                           "OhneGitter",
                           "ZeichneGitter",
                           "RochadenGegenseitigAusschliessend",
                           "ZielIstEnde",
                           "nichtpublizierteoption",
                           "NullZuege",
                           "BisZugnummer",
                           "TrivialeFehlversucheUnterdruecken",
                           "MattsIn1"},
                .twinning = {"versetze", "tausche", "Forderung", "SForderung", "hinzufuegen",
                             "entferne", "ferner", "Drehung", "Bedingung", "Farbwechsel",
                             "Spiegelung", "Verschiebung", "ersetze"},
                .colour = {"Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"},
                .piece_flag = {"Koeniglich", "Kamikaze",    "Paralysierend",
                               "Chamaeleon", "Jigger",      "Volage",
                               "Beamtet",    "HalbNeutral", "SprungbockFarbeWechselnd",
                               "Proteisch",  "Magisch",     "Unschlagbar",
                               "Patrouille", "Frischauf",   "Bul",
                               "Dob",        "Anda",        "AndaInvers",
                               "AliceA",     "AliceB"},
                .piece = {"k", "d", "t", "l", "s", "b"},
            },
        [POPEYE_ENGLISH] =
            {
                .name = "English",
                .begin_problem = "beginproblem",
                .end = {"endproblem", "nextproblem", "twin", "zeroposition"},
                .command = {"remark", "sstipulation", "author", "origin", "pieces", "condition",
                            "option", "stipulation", "protocol", "\n", "title", "LaTeX",
                            "LaTeXPieces", "award", "InitialGameArray", "Forsyth"},
                .option =
                    {"Defence",
                     "SetPlay",
                     "WhiteToPlay",
                     "Variations",
                     "MoveNumbers",
                     "StartMoveNumber",
                     "NoWk",
                     "Duplex",
                     "NoBk",
                     "Threat",
                     "NoThreat",
                     "Try",
                     "MaxSolutions",
                     "MaxFlightsquares",
                     "Search",
                     "MultiSolutions",
                     "NoSymmetry",
                     "NonTrivial",
                     "KeepMatingPiece",
                     "EnPassant",
                     "NoBoard",
                     "NoShortVariations",
                     "HalfDuplex",
                     "PostKeyPlay",
                     "Intelligent",
                     "MaxTime",
                     "NoCastling",
                     "Quodlibet",
                     "StopOnShortSolutions",
                     "Beep",
                     "SuppressGrid",
                     "WriteGrid",
                     "CastlingMutuallyExclusive",
                     "GoalIsEnd",
                     "unpublishedoption",
                     "NullMoves",
                     "UpToMoveNumber",
                     "TrivialTriesAvoid",
                     "MatesIn1"},
                .twinning = {"move", "exchange", "stipulation", "sstipulation", "add", "remove",
                             "continued", "rotate", "condition", "PolishType", "mirror",
                             "shift", "substitute"},
                .colour = {"White", "Black", "Neutral", "TotalInvisible"},
                .piece_flag = {"Royal",       "Kamikaze",    "Paralysing",
                               "Chameleon",   "Jigger",      "Volage",
                               "Functionary", "HalfNeutral", "HurdleColourChanging",
                               "Protean",     "Magic",       "Uncapturable",
                               "Patrol",      "Frischauf",   "Bul",
                               "Dob",         "Anda",        "AndaInverse",
                               "AliceA",      "AliceB"},
                .piece = {"k", "q", "r", "b", "s", "p"},
            },
};

const struct popeye_lang *popeye_lang(enum popeye_language l)
{
	return l >= 0 && l < POPEYE_LANGUAGES ? &langs[l] : &langs[POPEYE_ENGLISH];
}

/* Is tok (all of it) the start of word, case ignored? */
static bool starts(const char *word, const char *tok)
{
	for (; *tok; tok++, word++)
		if (tolower((unsigned char)*word) != tolower((unsigned char)*tok))
			return false;
	return true;
}

int popeye_match(const char *const *words, int n, const char *tok)
{
	if (!*tok)
		return -1;
	int found = -1;
	for (int i = 0; i < n; i++) {
		if (!words[i] || !starts(words[i], tok))
			continue;
		if (strlen(words[i]) == strlen(tok))
			return i; /* a word in full wins over longer ones */
		found = found == -1 ? i : -2;
	}
	return found;
}

int popeye_language_of(const char *tok)
{
	/* Popeye tries French, German, English in that order */
	for (int l = 0; l < POPEYE_LANGUAGES; l++)
		if (popeye_match(&langs[l].begin_problem, 1, tok) == 0)
			return l;
	return -1;
}

/* The index of the orthodox man whose one-letter code in L is code, -1 if none. */
static int orthodox_index(const struct popeye_lang *L, const char *code, int len)
{
	if (len != 1)
		return -1;
	for (int i = 0; i < POPEYE_ORTHODOX; i++)
		if (tolower((unsigned char)code[0]) == L->piece[i][0])
			return i;
	return -1;
}

char popeye_orthodox_letter(const struct popeye_lang *L, const char *code, int len)
{
	int i = orthodox_index(L, code, len);
	return i < 0 ? 0 : "KQRBNP"[i];
}

/* The same man in Popeye's English code, where the knight is S. */
char popeye_orthodox_code(const struct popeye_lang *L, const char *code, int len)
{
	int i = orthodox_index(L, code, len);
	return i < 0 ? 0 : "KQRBSP"[i];
}

char popeye_piece_letter(const struct popeye_lang *L, char c)
{
	const char *english = "KQRBSP", *at = c ? strchr(english, c == 'N' ? 'S' : c) : NULL;
	return at && L ? (char)toupper((unsigned char)L->piece[at - english][0]) : c;
}

/* The languages (bit 1 << l) whose orthodox piece codes are the letter c
   (upper case). */
static unsigned languages_of_letter(char c)
{
	unsigned in = 0;
	for (int l = 0; l < POPEYE_LANGUAGES; l++)
		for (int i = 0; i < POPEYE_ORTHODOX; i++)
			if (toupper((unsigned char)langs[l].piece[i][0]) == c)
				in |= 1u << l;
	return in;
}

enum popeye_language popeye_guess_language(const int words[POPEYE_LANGUAGES], const int first[26])
{
	int score[POPEYE_LANGUAGES];
	int shared = 0; /* letters German and French share (Dame, Turm / Tour) */
	const unsigned de_fr = 1u << POPEYE_GERMAN | 1u << POPEYE_FRENCH;
	for (int l = 0; l < POPEYE_LANGUAGES; l++)
		score[l] = 3 * words[l];
	for (int c = 0; c < 26; c++) {
		unsigned in = languages_of_letter((char)('A' + c));
		if (in == de_fr)
			shared += first[c];
		for (int l = 0; l < POPEYE_LANGUAGES; l++)
			if (in == 1u << l)
				score[l] += first[c];
	}
	/* English short algebraic's knight: no Popeye code, English people's */
	score[POPEYE_ENGLISH] += first['N' - 'A'];
	score[score[POPEYE_FRENCH] == 0 ? POPEYE_GERMAN : POPEYE_FRENCH] += shared;
	if (score[POPEYE_FRENCH] > score[POPEYE_GERMAN] &&
	    score[POPEYE_FRENCH] > score[POPEYE_ENGLISH])
		return POPEYE_FRENCH;
	if (score[POPEYE_GERMAN] > score[POPEYE_ENGLISH])
		return POPEYE_GERMAN;
	return POPEYE_ENGLISH;
}

const char *popeye_fairy_name(const char *code, int len)
{
	const struct fairy_walk *w = len > 0 ? fairy_walk_find(code, (size_t)len) : NULL;
	return w ? w->name : NULL;
}

/* A piece code of L (one letter, orthodox) in English, or 0. */
static char english_code(const struct popeye_lang *L, const char *code, size_t n)
{
	char letter = n == 1 ? popeye_orthodox_letter(L, code, 1) : 0;
	return letter == 'N' ? 'S' : letter;
}

/* Squares one after the other ("c4", "b2b3"): a stipulation ("s#2") is
   none, though its first letter may be a piece code (German knight). */
static bool squares(const char *s)
{
	for (; *s; s += 2)
		if (!isalpha((unsigned char)s[0]) || !(s[1] >= '1' && s[1] <= '9'))
			return false;
	return true;
}

void popeye_twin_english(const struct popeye_lang *L, const char *text, char *out, size_t len)
{
	const struct popeye_lang *E = &langs[POPEYE_ENGLISH];
	size_t used = 0;
	int pieces_left = 0; /* words after Substitute that are piece codes */
	out[0] = 0;
	for (const char *s = text; *s;) {
		while (*s && isspace((unsigned char)*s))
			s++;
		size_t n = 0;
		while (s[n] && !isspace((unsigned char)s[n]))
			n++;
		if (!n)
			break;
		/* a word as long as a twin maat applies (twin.c: 512 bytes), not
		   cut: "Add white Pa2b2...h5" loses no square */
		char tok[512], word[sizeof tok + 16];
		if (n >= sizeof tok) { /* a twin too long to apply: as it is */
			int w =
			    snprintf(out + used, len - used, "%s%.*s", used ? " " : "", (int)n, s);
			if (w < 0 || (size_t)w >= len - used) {
				out[used] = 0;
				return;
			}
			used += (size_t)w;
			s += n;
			continue;
		}
		snprintf(tok, sizeof tok, "%.*s", (int)n, s);
		int k;
		char code;
		if (pieces_left > 0 && (code = english_code(L, tok, strlen(tok)))) {
			snprintf(word, sizeof word, "%c", code);
			pieces_left--;
		} else if ((k = popeye_match(L->twinning, PT_COUNT, tok)) >= 0) {
			snprintf(word, sizeof word, "%c%s",
			         toupper((unsigned char)E->twinning[k][0]), E->twinning[k] + 1);
			pieces_left = k == PT_SUBSTITUTE ? 2 : 0;
		} else if ((k = popeye_match(L->colour, PCOL_COUNT, tok)) >= 0) {
			snprintf(word, sizeof word, "%c%s", tolower((unsigned char)E->colour[k][0]),
			         E->colour[k] + 1);
		} else if (n > 2 && n % 2 == 1 && isalpha((unsigned char)tok[0]) &&
		           squares(tok + 1) && (code = english_code(L, tok, 1))) {
			/* "Lc4", "Bb2b3": the code, then its squares */
			snprintf(word, sizeof word, "%c%s", code, tok + 1);
		} else {
			snprintf(word, sizeof word, "%s", tok);
		}
		int w = snprintf(out + used, len - used, "%s%s", used ? " " : "", word);
		if (w < 0 || (size_t)w >= len - used) {
			out[used] = 0;
			return;
		}
		used += (size_t)w;
		s += n;
	}
}
