#!/usr/bin/env python3
"""Build datasets/lexicon/relations.json (format "factline-lexicon/1").

Inputs
  ../mquake/prompts/templates/cloze_templates.json     MQuAKE sentence templates
  ../mquake/prompts/templates/question_templates.json  MQuAKE question templates
  the hand-written tables HAND (MQuAKE relations) and GENERIC (agent relations)
  below: canonical names, aliases, cue words, extra template variants.

Output
  relations.json next to this script (deterministic; re-running gives the same
  bytes).

Validation (runs when ../factconsolidation/Conflict_Resolution.json exists)
  * every FactConsolidation fact line matches >= 1 sentence template
    ([X] -> (.+?), __ -> (.+), literal text escaped, anchored; the sentence's
    trailing "." may be stripped once);
  * every SH question matches >= 1 question template;
  * overlaps (one line matching templates of two relations) are listed, with
    the relation whose template has more literal text marked as the more
    specific one;
  * MH questions: a hop-cue coverage report (see mh_coverage()).

Usage
  python3 build_lexicon.py            write relations.json, then validate
  python3 build_lexicon.py --check    validate only; fail if relations.json is
                                      missing or differs from what would be written
  python3 build_lexicon.py --no-validate

Python 3 standard library only. See SOURCE.md for provenance.
"""

import argparse
import collections
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATASETS = os.path.dirname(HERE)
CLOZE = os.path.join(DATASETS, "mquake", "prompts", "templates", "cloze_templates.json")
QUEST = os.path.join(DATASETS, "mquake", "prompts", "templates", "question_templates.json")
FC = os.path.join(DATASETS, "factconsolidation", "Conflict_Resolution.json")
OUT = os.path.join(HERE, "relations.json")
VERBOSE = False

FORMAT = "factline-lexicon/1"
SOURCE = "datasets/lexicon/SOURCE.md"

# ---------------------------------------------------------------------------
# Hand-written table for the MQuAKE relations.
#
#   name      Wikidata property label (lowercase).
#   aliases   other noun phrases naming the relation ("The <alias> of S is V.",
#             "S's <alias> is V.", "What is the <alias> of S?"). The name is
#             prepended automatically. Ambiguous everyday words ("language",
#             "location", "president", "leader", "head") are given to at most
#             one relation, or to none; they stay available as cues.
#   cues      lowercase words / short phrases that a free-form question uses to
#             mean the relation: nouns, verbs with common inflections, and
#             thesaurus synonyms. Shared cues are expected (see SOURCE.md).
#   sent      extra sentence templates (after the MQuAKE one).
#   ques      extra question templates (after the MQuAKE one).
#
# Cardinality of every MQuAKE relation is "one": FactConsolidation treats each
# (subject, relation) as a single slot whose newest value wins.
# ---------------------------------------------------------------------------
HAND = {
    "P17": dict(
        name="country",
        aliases=["nation", "sovereign state"],
        cues=["country", "countries", "nation", "nations", "national",
              "located", "location", "situated", "lies", "lie", "found in",
              "part of", "belongs to", "territory"],
    ),
    "P19": dict(
        name="place of birth",
        aliases=["birthplace", "birth place", "city of birth", "birth city"],
        cues=["born", "birth", "birthplace", "birthplaces", "place of birth",
              "birth place", "city of birth", "native", "native of", "hometown",
              "home town", "hails from", "comes from", "came from", "originally from",
              "nativity", "origin", "originally", "originate", "originates",
              "originated"],
        sent=["[X] was born in __"],
        ques=["Where was [X] born?"],
    ),
    "P20": dict(
        name="place of death",
        aliases=["death place", "city of death", "deathplace"],
        cues=["died", "die", "dies", "dying", "death", "dead", "place of death",
              "pass away", "passed away", "passes away", "passing", "deceased",
              "perished", "perish", "demise", "expired", "last breath",
              "lost his life", "lost her life", "final days", "final resting"],
        sent=["[X] died in __"],
        ques=["Where did [X] die?"],
    ),
    "P26": dict(
        name="spouse",
        aliases=["wife", "husband", "partner", "consort", "spouses"],
        cues=["spouse", "spouses", "wife", "wives", "husband", "husbands",
              "married", "marry", "marries", "marrying", "marriage", "wed",
              "wedded", "partner", "partners", "consort", "significant other",
              "better half", "life partner"],
        sent=["[X] married __"],
        ques=["Who did [X] marry?"],
    ),
    "P27": dict(
        name="country of citizenship",
        aliases=["citizenship", "nationality"],
        cues=["citizenship", "citizen", "citizens", "nationality", "nationalities",
              "national", "country of citizenship", "passport", "belongs to",
              "belong to", "belonged to", "hails from", "comes from", "come from",
              "came from", "from which country", "native of", "subject of",
              "homeland", "belongs", "belong", "belonged",
              "hail from", "hails", "hailed"],
        ques=["Which country is [X] a citizen of?"],
    ),
    "P30": dict(
        name="continent",
        aliases=["continents"],
        cues=["continent", "continents", "continental", "located", "location",
              "situated", "lies", "part of the world", "region of the world",
              "landmass"],
    ),
    "P36": dict(
        name="capital",
        aliases=["capital city", "seat of government"],
        cues=["capital", "capitals", "capital city",
              "administrative center", "administrative centre", "chief city",
              "center of government", "centre of government", "government seat"],
    ),
    "P37": dict(
        name="official language",
        aliases=["official languages", "national language"],
        cues=["official language", "official languages", "official", "officially",
              "language", "languages", "national language", "tongue", "spoken",
              "speak", "speaks", "lingua franca"],
    ),
    "P40": dict(
        name="child",
        aliases=["children", "son", "daughter", "offspring", "kid"],
        cues=["child", "children", "son", "sons", "daughter", "daughters",
              "offspring", "kid", "kids", "heir", "heirs", "progeny",
              "descendant", "descendants", "father of", "mother of", "parent of",
              "parent", "fathered", "gave birth"],
        ques=["Who is the child of [X]?"],
    ),
    "P50": dict(
        name="author",
        aliases=["writer", "authors"],
        cues=["author", "authors", "authored", "writer", "writers", "wrote",
              "write", "writes", "written", "written by", "penned", "pen",
              "novelist", "authorship", "creator", "created"],
        sent=["[X] was written by __"],
        ques=["Who wrote [X]?"],
    ),
    "P69": dict(
        name="educated at",
        aliases=["university", "alma mater", "college", "school", "education",
                 "educational institution"],
        cues=["educated", "education", "educational", "university", "universities",
              "univeristy", "college", "school", "alma mater", "studied", "study",
              "studies", "attended", "attend", "graduated", "graduate", "alumnus",
              "alumna", "alumni", "academic", "institution", "schooled", "trained"],
        ques=["Where was [X] educated?"],
    ),
    "P106": dict(
        name="occupation",
        aliases=["profession", "job", "field of work", "career", "vocation"],
        cues=["occupation", "occupations", "profession", "professional", "job",
              "jobs", "work", "works", "field", "field of work", "kind of work",
              "line of work", "career", "vocation", "trade", "do for a living",
              "employment", "job title"],
        ques=["What is the occupation of [X]?"],
    ),
    "P108": dict(
        name="employer",
        aliases=["employers"],
        cues=["employer", "employers", "employed", "employs", "employ", "employee",
              "employment", "works for", "worked for", "work for", "working for",
              "hired", "hire", "on the staff",
              "worked at", "works at", "work at", "worked", "work", "company",
              "firm", "organization", "organisation", "institution",
              "place of employment"],
        ques=["Who employs [X]?"],
    ),
    "P112": dict(
        name="founded by",
        aliases=["founder", "founders", "co-founder"],
        cues=["founder", "founders", "founded", "found", "founding", "co-founded",
              "co-founder", "cofounder", "established", "establish", "establishes",
              "establisher", "started", "start", "created", "originator",
              "set up", "instituted", "foundation"],
        ques=["Who is the founder of [X]?"],
    ),
    "P127": dict(
        name="owned by",
        aliases=["owner", "owners", "parent company", "proprietor"],
        cues=["owner", "owners", "owned", "owns", "own", "ownership", "possess",
              "possessed", "possesses", "proprietor", "parent company", "belongs to",
              "belong to", "holding company", "controlled", "controls"],
    ),
    "P131": dict(
        name="located in the administrative territorial entity",
        aliases=["administrative territorial entity", "administrative region",
                 "administrative division", "location"],
        cues=["located", "location", "situated", "lies", "lie", "found in", "sits",
              "region", "province", "state", "county", "district",
              "municipality", "territory", "administrative"],
    ),
    "P136": dict(
        name="genre",
        aliases=["music genre", "musical genre", "type of music", "style of music",
                 "genres"],
        cues=["genre", "genres", "type of music", "kind of music", "style of music",
              "music", "musical", "style", "styles", "plays", "play", "played",
              "playing", "perform", "performs"],
        ques=["What genre does [X] play?"],
    ),
    "P140": dict(
        name="religion",
        aliases=["religion or worldview", "faith", "religious affiliation",
                 "denomination", "religions"],
        cues=["religion", "religions", "religious", "faith", "faiths", "belief",
              "beliefs", "believe", "believes", "believed", "believed in",
              "believer", "follows", "follow", "followed", "follower", "followers",
              "practice", "practices", "practiced", "practise", "practised",
              "worship", "worships", "worshipped", "denomination", "affiliated",
              "affiliation", "creed", "spiritual", "adherent", "adheres",
              "devoted", "belongs to", "belong to", "church", "sect"],
    ),
    "P159": dict(
        name="headquarters location",
        aliases=["headquarters", "headquarter", "head office", "hq", "main office"],
        cues=["headquarters", "headquarter", "headquartered", "hq", "head office",
              "main office", "based", "based in", "base", "seat", "home base"],
        ques=["Where is [X] headquartered?"],
    ),
    "P169": dict(
        name="chief executive officer",
        aliases=["ceo", "chief executive"],
        cues=["chief executive officer", "chief executive", "ceo", "ceos",
              "executive", "runs", "run", "running", "leads", "led", "boss",
              "heads", "head"],
    ),
    "P170": dict(
        name="creator",
        aliases=["originator", "inventor", "creators"],
        cues=["creator", "creators", "created", "create", "creates", "creation",
              "creating", "made", "make", "invented", "inventor", "designed",
              "conceived", "originator", "came up with", "devised", "author"],
        ques=["Who created [X]?"],
    ),
    "P175": dict(
        name="performer",
        aliases=["singer", "artist", "performing artist", "performers"],
        cues=["performer", "performers", "performed", "perform", "performs",
              "performance", "performing", "sung", "sang", "sing", "sings",
              "singer", "singers", "artist", "artists", "recorded", "record",
              "musician", "band", "vocalist", "rendition"],
        sent=["[X] was sung by __"],
        ques=["Who sang [X]?"],
    ),
    "P176": dict(
        name="manufacturer",
        aliases=["maker", "manufacturers", "manufacturing company"],
        cues=["manufacturer", "manufacturers", "manufactured", "manufactures",
              "manufacture", "manufacturing", "produced", "produces", "produce",
              "producer", "production", "made", "makes", "make", "maker", "built",
              "builds", "build", "builder", "company", "firm"],
        sent=["[X] is manufactured by __", "[X] is produced by __"],
        ques=["Who manufactures [X]?", "Who makes [X]?"],
    ),
    "P178": dict(
        name="developer",
        aliases=["developers"],
        cues=["developer", "developers", "developed", "develops", "develop",
              "development", "developing", "built", "build", "created",
              "programmed", "designed", "made", "company", "firm", "studio"],
        sent=["[X] is developed by __"],
        ques=["Who developed [X]?"],
    ),
    "P190": dict(
        name="twinned administrative body",
        aliases=["twin city", "twin town", "sister city", "sister town",
                 "twinned city", "partner city"],
        cues=["twinned", "twin", "twins", "twin city", "twin town", "sister city",
              "sister cities", "sister town", "partner city", "twinning",
              "paired", "partnered"],
    ),
    "P264": dict(
        name="record label",
        aliases=["label", "music label", "record company", "recording label"],
        cues=["record label", "label", "labels", "record company",
              "recording company", "signed", "signed to", "represented",
              "represents", "represent", "music label", "records"],
        ques=["Which record label is [X] signed to?"],
    ),
    "P286": dict(
        name="head coach",
        aliases=["coach", "head coaches"],
        cues=["head coach", "coach", "coaches", "coached", "coaching", "trainer",
              "trains", "trained", "manager", "manages", "managed", "manage"],
    ),
    "P1308": dict(
        name="officeholder",
        aliases=["office holder", "incumbent", "holder"],
        cues=["officeholder", "office holder", "holds the position", "holds the office",
              "holds the title", "held the position", "held the office", "holder",
              "incumbent", "occupies", "occupied", "serves as", "served as",
              "office", "position", "post", "title"],
    ),
    "P488": dict(
        name="chairperson",
        aliases=["chairman", "chairwoman", "chair", "chairpersons"],
        cues=["chairperson", "chairman", "chairwoman", "chair", "chairs", "chaired",
              "president", "presides", "head", "heads", "leader", "leads", "led"],
    ),
    "P1037": dict(
        name="director / manager",
        aliases=["director", "manager", "managing director", "directors"],
        cues=["director", "directors", "directs", "directed", "manager", "managers",
              "manages", "managed", "management", "head", "heads", "leads", "led",
              "runs", "run", "in charge"],
    ),
    "P6": dict(
        name="head of government",
        aliases=["government head", "head of the government", "prime minister",
                 "premier", "mayor"],
        cues=["head of government", "head of the government", "government",
              "prime minister", "premier", "chancellor", "mayor", "governor",
              "leader", "leads", "head", "heads", "runs", "governs", "governed"],
    ),
    "P35": dict(
        name="head of state",
        aliases=["monarch", "sovereign"],
        cues=["head of state", "president", "monarch", "king", "queen", "sovereign",
              "ruler", "rules", "ruled", "emperor", "leader", "head", "reigning",
              "chief of state", "head of the state"],
    ),
    "P1412": dict(
        name="languages spoken, written or signed",
        aliases=["language spoken", "languages spoken", "spoken language",
                 "native language", "mother tongue"],
        cues=["language", "languages", "speak", "speaks", "spoke", "spoken",
              "speaking", "speaker", "tongue", "mother tongue", "native language",
              "fluent", "write", "writes", "wrote", "written", "communicate",
              "communicates", "communicated"],
        ques=["What languages does [X] speak?"],
    ),
    "P364": dict(
        name="original language of film or TV show",
        aliases=["original language"],
        cues=["original language", "language", "languages", "original",
              "originally", "tongue", "spoken", "filmed", "made in", "produced in",
              "dialogue"],
    ),
    "P407": dict(
        name="language of work or name",
        aliases=["language", "language of work", "languages"],
        cues=["language", "languages", "written", "written in", "wrote", "write",
              "writes", "composed", "published", "tongue", "text", "documents",
              "documented"],
        sent=["[X] was written in __"],
    ),
    "P413": dict(
        name="position played on team / speciality",
        aliases=["position", "playing position", "speciality", "specialty",
                 "positions"],
        cues=["position", "positions", "plays", "play", "played", "playing",
              "player", "speciality", "specialty", "specializes", "specialises",
              "specialized", "specialised", "specialize", "specialise", "specializing",
              "role", "team", "on the team", "field"],
        ques=["Which position does [X] play?"],
    ),
    "P449": dict(
        name="original broadcaster",
        aliases=["broadcaster", "original network", "network", "channel",
                 "broadcasters"],
        cues=["broadcaster", "broadcasters", "broadcast", "broadcasts",
              "broadcasted", "broadcasting", "network", "networks", "channel",
              "channels", "aired", "airs", "air", "televised", "station",
              "premiered", "original broadcaster", "origianl", "shown", "screened"],
        ques=["Which network originally aired [X]?"],
    ),
    "P463": dict(
        name="member of",
        aliases=["membership"],
        cues=["member", "members", "membership", "member of", "belongs", "belong",
              "belonged", "belongs to", "part of", "joined", "join", "affiliated",
              "affiliation", "organization", "organisation", "association",
              "alliance", "league"],
    ),
    "P495": dict(
        name="country of origin",
        aliases=["origin", "place of origin", "origin country"],
        cues=["country of origin", "origin", "origins", "originate", "originated",
              "originates", "originating", "original", "originally", "come from",
              "comes from", "came from", "hail", "hails", "hailed", "hail from",
              "native", "birthplace", "cradle", "source", "roots", "created",
              "developed", "invented", "made", "produced", "emerged", "arose",
              "began", "started", "sprang", "stems", "stemmed", "gave rise",
              "founded", "founding"],
    ),
    "P740": dict(
        name="location of formation",
        aliases=["place of formation", "formation location", "founding location",
                 "place of founding"],
        cues=["location of formation", "formed", "form", "formation", "founded",
              "founding", "found", "established", "establishment", "started",
              "start", "began", "begun", "originated", "origin", "created",
              "set up", "inception", "launched", "birthplace",
              "came into being", "come into being"],
        sent=["[X] was founded in __", "[X] was formed in __"],
        ques=["Where was [X] formed?"],
    ),
    "P800": dict(
        name="notable work",
        aliases=["notable works", "famous work", "best-known work", "masterpiece",
                 "magnum opus"],
        cues=["notable work", "notable", "famous", "famous for", "fame",
              "known for", "best known", "best-known", "renowned", "celebrated",
              "masterpiece", "magnum opus", "work", "works", "famed", "well known",
              "well-known", "noted", "recognized", "recognised", "acclaimed",
              "creation", "contribution", "achievement", "major work", "signature"],
        ques=["What is [X] known for?"],
    ),
    "P937": dict(
        name="work location",
        aliases=["place of work", "location of work", "work city"],
        cues=["work location", "place of work", "worked", "work", "works",
              "working", "workplace", "employed", "career", "based", "job",
              "location", "active", "place of employment", "employment"],
        sent=["[X] worked in __"],
        ques=["Where did [X] work?"],
    ),
    "P641": dict(
        name="sport",
        aliases=["associated sport", "sports"],
        cues=["sport", "sports", "sporting", "play", "plays", "played", "playing",
              "player", "game", "games", "athlete", "athletic", "athletics",
              "associated with", "discipline", "compete", "competes", "competed",
              "competition",
              "sportsman", "sportswoman"],
        ques=["Which sport does [X] play?"],
    ),
}

# P276 (location) has the same MQuAKE sentence and question template as P131,
# so text cannot tell the two apart: P276 is an alias of P131 and the loader
# keys both on P131. It copies P131's templates and cues.
ALIAS_OF = {"P276": "P131"}
ALIAS_NAMES = {"P276": dict(name="location", aliases=["place", "site"])}

# ---------------------------------------------------------------------------
# Generic, non-MQuAKE relations useful to agents.
# ---------------------------------------------------------------------------
GENERIC = [
    # A person's workplace is their employer (P108) and their role their
    # occupation (P106): keyed on the Wikidata relation so "Alice works at
    # Acme" and "Alice is employed by Acme" meet.
    dict(id="works_at", name="workplace", cardinality="one", alias_of="P108",
         aliases=["company", "current employer", "place of employment"],
         sent=["[X] works at __", "[X] works for __", "[X] is working at __"],
         ques=["Where does [X] work?", "Who does [X] work for?"],
         cues=["work", "works", "working", "workplace", "job", "company",
               "employer", "employed", "office"]),
    dict(id="lives_in", name="residence", cardinality="one",
         aliases=["home", "place of residence", "city of residence", "address"],
         sent=["[X] lives in __", "[X] resides in __", "[X] is living in __"],
         ques=["Where does [X] live?", "Where does [X] reside?"],
         cues=["live", "lives", "lived", "living", "reside", "resides", "resided",
               "resident", "residence", "home", "address", "stay", "stays"]),
    dict(id="likes", name="likes", cardinality="many",
         aliases=["interest", "interests", "hobby", "hobbies"],
         sent=["[X] likes __", "[X] loves __", "[X] enjoys __", "[X] is interested in __"],
         ques=["What does [X] like?", "What does [X] enjoy?", "What is [X] interested in?"],
         cues=["like", "likes", "liked", "love", "loves", "loved", "enjoy", "enjoys",
               "enjoyed", "fond of", "interest", "interests", "interested", "hobby",
               "hobbies", "fan of"]),
    dict(id="dislikes", name="dislikes", cardinality="many",
         aliases=["dislike", "pet peeve"],
         sent=["[X] dislikes __", "[X] hates __", "[X] does not like __",
               "[X] doesn't like __"],
         ques=["What does [X] dislike?", "What does [X] not like?", "What does [X] hate?"],
         cues=["dislike", "dislikes", "disliked", "hate", "hates", "hated",
               "not like", "doesn't like", "does not like", "can't stand", "avoid",
               "avoids"]),
    dict(id="prefers", name="preference", cardinality="many",
         aliases=["preferences", "favorite", "favourite"],
         sent=["[X] prefers __", "[X]'s favorite is __", "[X]'s favourite is __"],
         ques=["What does [X] prefer?", "What is [X]'s favorite?"],
         cues=["prefer", "prefers", "preferred", "preference", "preferences",
               "favorite", "favourite", "rather", "choice", "choose", "chooses"]),
    dict(id="role", name="role", cardinality="one", alias_of="P106",
         aliases=["job title", "title"],
         sent=["[X]'s role is __", "[X] works as __", "[X] serves as __",
               "[X] is employed as __"],
         ques=["What is [X]'s role?", "What does [X] work as?", "What is [X]'s job title?"],
         cues=["role", "roles", "job title", "title", "works as", "serves as",
               "position", "job", "responsible for", "work as", "works as",
               "worked as", "working as", "employed as"]),
    dict(id="birth_date", name="date of birth", cardinality="one",
         aliases=["birthday", "birth date", "birthdate"],
         sent=["[X] was born on __", "[X]'s birthday is __"],
         ques=["When was [X] born?", "When is [X]'s birthday?"],
         cues=["birthday", "birth date", "birthdate", "date of birth", "born on",
               "born", "age"]),
    dict(id="allergic_to", name="allergy", cardinality="many",
         aliases=["allergies"],
         sent=["[X] is allergic to __"],
         ques=["What is [X] allergic to?"],
         cues=["allergy", "allergies", "allergic", "intolerant", "intolerance",
               "reaction", "sensitive to"]),
]


# ---------------------------------------------------------------------------
# More natural ways people state each relation (issue 8). Ordinary English
# verb phrases and nouns, written from what each relation means; NOT taken
# from any benchmark or from datasets/paraphrase/. One tense suffices: the
# parser compares relation phrases by WordNet lemmas with auxiliaries
# dropped, so "[X] is made by __" also covers "was made by", and an active
# "V makes S" is read as the passive backwards. The templates are appended
# after the MQuAKE one; validate() checks that no FactConsolidation line
# changes the template it matches.
# ---------------------------------------------------------------------------
PHRASINGS = {
    "P19": dict(sent=["[X] is originally from __", "[X] hails from __",
                      "[X] was born and raised in __"]),
    "P20": dict(sent=["[X] passed away in __"]),
    "P26": dict(sent=["[X] is wed to __", "[X] got married to __"]),
    "P27": dict(sent=["[X] holds citizenship of __", "[X] is a national of __"]),
    "P50": dict(sent=["[X] was authored by __", "[X] was penned by __"]),
    "P69": dict(sent=["[X] studied at __", "[X] graduated from __",
                      "[X] attended __"]),
    "P108": dict(sent=["[X] is employed at __"]),
    "P112": dict(sent=["[X] was established by __", "[X] was started by __",
                       "[X] was co-founded by __"]),
    "P131": dict(sent=["[X] is situated in __", "[X] lies in __",
                       # P276 (location, keyed on P131): Wikidata's
                       # "located at", "place held"; "housed in", "kept at".
                       "[X] is located at __", "[X] is housed in __",
                       "[X] is kept at __", "[X] took place in __"]),
    "P136": dict(sent=["[X] plays __ music", "[X] performs __ music",
                       "[X] makes __ music"]),
    "P140": dict(sent=["[X] is a follower of __", "[X] adheres to __",
                       "[X] practises __"]),
    "P159": dict(sent=["[X] is headquartered in __",
                       "[X] has its headquarters in __"]),
    "P170": dict(sent=["[X] was invented by __", "[X] was designed by __",
                       "[X] was conceived by __", "[X] was painted by __",
                       "[X] was sculpted by __"]),
    "P175": dict(sent=["[X] was recorded by __"]),
    "P176": dict(sent=["[X] is made by __", "[X] is built by __"]),
    "P190": dict(sent=["[X] is twinned with __", "[X] is a sister city of __"]),
    "P264": dict(sent=["[X] is signed to __", "[X] is signed with __"]),
    "P286": dict(sent=["[X] is coached by __"]),
    "P413": dict(sent=["[X] plays as __"]),
    "P449": dict(sent=["[X] aired on __", "[X] was broadcast on __",
                       "[X] premiered on __"]),
    "P463": dict(sent=["[X] belongs to __", "[X] joined __"]),
    "P488": dict(sent=["[X] is chaired by __"]),
    "P495": dict(sent=["[X] originated in __", "[X] originates from __"]),
    "P641": dict(sent=["[X] competes in __", "[X] is a __ player"]),
    "P740": dict(sent=["[X] was established in __", "[X] was formed in __"]),
    "P800": dict(sent=["[X] is best known for __", "[X] is known for __",
                       "[X] is renowned for __"]),
    "P1037": dict(sent=["[X] is managed by __", "[X] is directed by __",
                        "[X] reports to __"]),
    "P40": dict(sent=["[X] fathered __", "[X] has a child named __",
                      "[X] has a son named __", "[X] has a daughter named __"]),
    "P106": dict(sent=["[X] makes a living as __", "[X] earns a living as __",
                       "[X] works professionally as __"]),
    "P1412": dict(sent=["[X] speaks __", "[X] is fluent in __"]),
    "P6": dict(sent=["[X] is governed by __"]),
    # ---- second round (2026-12-02): more everyday verb phrases per
    # relation, written from what each relation means. Set C (datasets/
    # paraphrase/set_c, no longer held out) showed which kinds of phrasing
    # were missing; the phrases are general English, and a fresh held-out
    # set written unseen measures them (README.md, Results).
    "P26+": dict(sent=["[X] wed __", "[X] tied the knot with __"]),
    "P27+": dict(sent=["[X] was naturalised in __",
                       "[X] was naturalized in __",
                       "[X] became a citizen of __",
                       "[X] holds a passport from __"]),
    "P36+": dict(sent=["[X] is governed from __"]),
    "P69+": dict(sent=["[X] is an alumnus of __", "[X] is an alumna of __",
                       "[X] is a graduate of __", "[X] was educated at __",
                       "[X] earned a degree from __",
                       "[X] received a degree from __"]),
    "P106+": dict(sent=["[X] is employed as __", "[X] trained as __",
                        "[X] practises as __", "[X] practices as __"]),
    "P108+": dict(sent=["[X] is on the staff of __", "[X] was hired by __",
                        "[X] is employed with __"]),
    "P112+": dict(sent=["[X] was set up by __"]),
    # Not "[X] was sold to __" (its active "A sold B" names the seller)
    # nor "[X] is a subsidiary of __" / "a product of" / "the creation
    # of" / "a speaker of": a "[X] is a N of __" template also names the
    # noun N, and "S's subsidiary is V" reads the other way round.
    "P127+": dict(sent=["[X] was acquired by __", "[X] was bought by __",
                        "[X] is controlled by __"]),
    "P131+": dict(sent=["[X] hangs in __", "[X] is displayed at __",
                        "[X] is on display at __", "[X] is on display in __",
                        "[X] is held in __", "[X] was held at __",
                        "[X] takes place in __", "[X] stands in __"]),
    "P159+": dict(sent=["[X] has its head office in __",
                        "[X] is headquartered at __"]),
    "P170+": dict(sent=["[X] was devised by __",
                        "[X] was dreamed up by __", "[X] was drawn by __"]),
    "P176+": dict(sent=["[X] is manufactured by __"]),
    "P178+": dict(sent=["[X] was programmed by __", "[X] was coded by __"]),
    "P264+": dict(sent=["[X] records for __", "[X] recorded for __",
                        "[X] releases records on __",
                        "[X] releases music through __"]),
    # "[X] was written in __" already reads "is written in" by its lemma,
    # after the types have had their say (a programming language is none).
    "P407+": dict(sent=["[X] is published in __", "[X] publishes in __"]),
    "P449+": dict(sent=["[X] airs on __", "[X] is broadcast by __",
                        "[X] is shown on __"]),
    "P35+": dict(sent=["[X] is reigned over by __", "[X] is ruled by __"]),
    "P488+": dict(sent=["[X] is presided over by __"]),
    # Not "[X] formed in __": the lemma of "was formed in" already reads it,
    # and as a pattern it would take "The Beatles were" for [X].
    "P740+": dict(sent=["[X] got together in __", "[X] started out in __"]),
    "P937+": dict(sent=["[X] works in __", "[X] practised in __",
                        "[X] practiced in __", "[X] works out of __"]),
    # Not "[X] writes in __": P407's "was written in" has that lemma.
    "P1412+": dict(sent=["[X] is a native speaker of __"]),
    "lives_in": dict(sent=["[X] moved to __", "[X] relocated to __",
                           "[X] settled in __", "[X] is a resident of __"]),
    "likes": dict(sent=["[X] is into __", "[X] is keen on __",
                        "[X] is passionate about __"]),
    "dislikes": dict(sent=["[X] can't stand __", "[X] cannot stand __",
                           "[X] is not a fan of __"]),
    "allergic_to": dict(sent=["[X] has an allergy to __"]),
}


# ---------------------------------------------------------------------------
# KINDS (issue 8, helper "typ", 2026-12-01): the WordNet noun classes of each
# relation's subject and value, written from Wikidata's own subject type and
# value type constraints (P2302 "subject type constraint" / "value-type
# constraint") of each property, translated to the nearest WordNet noun
# synset. A kind is a WordNet noun lemma ("person", spaces for "_"), meaning
# its first sense, or "lemma#N" for WordNet's Nth sense. A phrase is of a
# kind when that synset is an ancestor of one of its senses through
# hypernym / instance-hypernym pointers. The parser uses them to choose
# among relations a phrase alone cannot tell apart ("lies in" a country ->
# P17, a continent -> P30, a city or state -> P131). An empty list: any.
# ---------------------------------------------------------------------------
PERSON = ["person"]
ORG = ["organization"]
COUNTRY = ["country", "country#2"]
PLACE = ["location"]
LANGUAGE = ["language"]
# Occupation (Q12737077, P106's value type): WordNet files occupations as
# kinds of person under these classes; "religious person", "native" or a
# "speaker" (a communicator, like a talker) are not occupations.
OCCUPATION = ["worker", "professional", "scientist", "engineer",
              "businessperson", "creator#2", "writer", "performer",
              "athlete", "leader", "expert", "serviceman", "adventurer",
              "intellectual"]
WORK = ["creation#2", "written communication", "musical composition",
        "show", "publication"]
KINDS = {
    # Anything with a place: a physical object or an organisation.
    "P17": dict(subject=["object", "organization"], value=COUNTRY),
    "P19": dict(subject=PERSON, value=PLACE),
    "P20": dict(subject=PERSON, value=PLACE),
    "P26": dict(subject=PERSON, value=PERSON),
    "P30": dict(subject=PLACE, value=["continent"]),
    "P36": dict(subject=PLACE, value=["city", "town"]),
    "P40": dict(subject=PERSON, value=PERSON),
    "P50": dict(subject=["written communication", "publication", "book#2"],
                value=PERSON),
    "P69": dict(subject=PERSON,
                value=["educational institution", "university#2"]),
    "P106": dict(subject=PERSON, value=OCCUPATION),
    "P112": dict(subject=ORG, value=PERSON + ORG),
    "P127": dict(value=PERSON + ORG),
    # Q56061 administrative territorial entity; P276 adds buildings.
    "P131": dict(subject=["object", "organization"],
                 value=["administrative district", "municipality",
                        "geographical area"]),
    # Works and the people and bands who make them ("Metallica plays thrash
    # metal"): the subject kinds let "a jazz album" name album and genre.
    "P136": dict(subject=WORK + ["album"] + PERSON + ["musical group"],
                 value=["genre", "music genre", "literary genre"]),
    "P159": dict(subject=ORG, value=PLACE),
    "P170": dict(subject=["creation#2"], value=PERSON + ORG),
    "P175": dict(subject=["musical composition", "album"],
                 value=PERSON + ["musical group"]),
    "P176": dict(subject=["instrumentality", "commodity"], value=ORG),
    "P178": dict(subject=["software", "video game"], value=PERSON + ORG),
    "P264": dict(subject=PERSON + ["musical group"],
                 value=["label#2", "company"]),
    "P407": dict(subject=WORK, value=LANGUAGE),
    "P413": dict(subject=PERSON, value=["position#9"]),
    # Works, products and dishes (not buildings: they have a country, P17).
    "P495": dict(subject=["commodity", "instrumentality", "food", "food#2"]
                 + WORK, value=COUNTRY),
    "P740": dict(subject=ORG, value=PLACE),
    "P800": dict(subject=PERSON, value=WORK),
    "P364": dict(subject=["show", "movie"], value=LANGUAGE),
    "P1412": dict(subject=PERSON, value=LANGUAGE),
    "P27": dict(subject=PERSON, value=COUNTRY),
    "P937": dict(subject=PERSON, value=PLACE),
    "P37": dict(subject=PLACE, value=LANGUAGE),
    # An adherent ("a Buddhist") is read through WordNet's derivation
    # pointer to the religion; one without it names the religion itself.
    "P140": dict(subject=PERSON + ORG,
                 value=["religion", "religion#2", "religious person"]),
    "P108": dict(subject=PERSON, value=ORG),
    # Players, clubs and their contests ("a cycling race").
    "P641": dict(subject=PERSON + ORG + ["team", "contest"], value=["sport"]),
    "P190": dict(subject=["municipality"], value=["municipality"]),
    "P463": dict(subject=PERSON + ORG, value=ORG),
    "P449": dict(subject=["show", "broadcast#2"], value=ORG),
    "P35": dict(subject=PLACE, value=PERSON),
    "P286": dict(subject=ORG, value=PERSON),
    "P488": dict(subject=ORG, value=PERSON),
    "P169": dict(subject=ORG, value=PERSON),
    "P1037": dict(subject=ORG, value=PERSON),
    "P6": dict(subject=PLACE, value=PERSON),
    "works_at": dict(subject=PERSON, value=ORG),
    "lives_in": dict(subject=PERSON, value=PLACE),
    "role": dict(subject=PERSON, value=OCCUPATION),
    "allergic_to": dict(subject=PERSON),
}


# Facts of origin: true once, never changed by a later event. A statement of
# change ("moved to", "switched to") is never keyed on them by the store; the
# rest (employer, head coach, owner, record label, ...) are what such
# statements change.
STABLE = {
    "P19",   # place of birth
    "P20",   # place of death
    "P30",   # continent
    "P40",   # child
    "P50",   # author
    "P112",  # founded by
    "P170",  # creator
    "P175",  # performer
    "P364",  # original language of film or TV show
    "P407",  # language of work or name
    "P495",  # country of origin
    "P740",  # location of formation
    "P800",  # notable work
}


def phrasings(rid, field):
    """PHRASINGS[rid][field], then the second round's (key rid + "+")."""
    return (PHRASINGS.get(rid, {}).get(field, [])
            + PHRASINGS.get(rid + "+", {}).get(field, []))


# Symmetric relations (Wikidata's "symmetric constraint", P2302 Q21510862):
# S R V says V R S.
SYMMETRIC = {"P26", "P190"}


def add_stable(ent):
    if ent["id"] in STABLE:
        ent["stable"] = True
    if ent["id"] in SYMMETRIC:
        ent["symmetric"] = True
    return ent


def add_kinds(ent):
    """Appends subject_kinds / value_kinds when KINDS names them."""
    k = KINDS.get(ent["id"]) or KINDS.get(ent.get("alias_of") or "")
    if not k:
        return ent
    if k.get("subject"):
        ent["subject_kinds"] = list(k["subject"])
    if k.get("value"):
        ent["value_kinds"] = list(k["value"])
    return ent


def _uniq(seq):
    out, seen = [], set()
    for s in seq:
        if s not in seen:
            seen.add(s)
            out.append(s)
    return out


def build():
    with open(CLOZE, encoding="utf-8") as f:
        cloze = json.load(f)
    with open(QUEST, encoding="utf-8") as f:
        quest = json.load(f)
    if set(cloze) != set(quest):
        sys.exit("cloze/question templates disagree on relation ids: %s"
                 % sorted(set(cloze) ^ set(quest)))
    missing = [r for r in cloze if r not in HAND and r not in ALIAS_OF]
    extra = [r for r in HAND if r not in cloze]
    if missing or extra:
        sys.exit("HAND table out of sync with MQuAKE: missing %s, extra %s" % (missing, extra))

    rels = []
    by_id = {}
    for rid in cloze:  # MQuAKE file order
        if rid in ALIAS_OF:
            continue
        h = HAND[rid]
        ent = {
            "id": rid,
            "name": h["name"],
            "cardinality": "one",
            "alias_of": None,
            "aliases": _uniq([h["name"].lower()] + h.get("aliases", [])
                             + phrasings(rid, "aliases")),
            "sentence_templates": _uniq([cloze[rid]] + h.get("sent", [])
                                        + phrasings(rid, "sent")),
            "question_templates": _uniq([quest[rid]] + h.get("ques", [])),
            "cues": _uniq(h["cues"]),
        }
        by_id[rid] = ent
        rels.append(ent)
    for rid, target in ALIAS_OF.items():
        t = by_id[target]
        if cloze[rid] != cloze[target] or quest[rid] != quest[target]:
            sys.exit("%s is declared alias_of %s but their MQuAKE templates differ" % (rid, target))
        a = ALIAS_NAMES[rid]
        ent = {
            "id": rid,
            "name": a["name"],
            "cardinality": t["cardinality"],
            "alias_of": target,
            "aliases": _uniq([a["name"]] + a.get("aliases", [])),
            "sentence_templates": list(t["sentence_templates"]),
            "question_templates": list(t["question_templates"]),
            "cues": list(t["cues"]),
        }
        # keep P276 next to P131 in the output
        rels.insert(rels.index(t) + 1, ent)
    for g in GENERIC:
        rels.append({
            "id": g["id"],
            "name": g["name"],
            "cardinality": g["cardinality"],
            "alias_of": g.get("alias_of"),
            "aliases": _uniq([g["name"]] + g.get("aliases", [])),
            "sentence_templates": _uniq(g["sent"] + phrasings(g["id"], "sent")),
            "question_templates": _uniq(g["ques"]),
            "cues": _uniq(g["cues"]),
        })
    rels = [add_stable(add_kinds(r)) for r in rels]
    check_schema(rels, cloze, quest)
    return {"format": FORMAT, "source": SOURCE, "relations": rels}


def check_schema(rels, cloze, quest):
    ids = [r["id"] for r in rels]
    assert len(ids) == len(set(ids)), "duplicate relation id"
    idset = set(ids)
    for r in rels:
        assert r["cardinality"] in ("one", "many"), r["id"]
        assert r["alias_of"] is None or r["alias_of"] in idset, r["id"]
        # names are lowercase Wikidata labels (P364's label keeps "TV")
        assert r["name"] and r["name"] == r["name"].strip(), r["id"]
        assert r["name"].replace("TV", "tv") == r["name"].lower(), r["id"]
        for key in ("aliases", "cues"):
            for s in r[key]:
                assert s == s.lower() and s == s.strip() and s, (r["id"], key, s)
        for t in r["sentence_templates"]:
            assert t.count("[X]") == 1 and t.count("__") == 1, (r["id"], t)
        for t in r["question_templates"]:
            assert t.count("[X]") == 1 and "__" not in t, (r["id"], t)
        if r["id"] in cloze:
            assert r["sentence_templates"][0] == cloze[r["id"]]
            assert r["question_templates"][0] == quest[r["id"]]
    # an alias must name one relation only (P276 and P131 count as one)
    owner = {}
    for r in rels:
        key = r["alias_of"] or r["id"]
        for a in r["aliases"]:
            assert owner.setdefault(a, key) == key, ("alias on two relations", a, owner[a], key)


def render(doc):
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


# ---------------------------------------------------------------------------
# Validation against FactConsolidation
# ---------------------------------------------------------------------------

def template_regex(t):
    parts = re.split(r"(\[X\]|__)", t)
    rx = "".join("(.+?)" if p == "[X]" else "(.+)" if p == "__" else re.escape(p)
                 for p in parts)
    return re.compile("^" + rx + "$")


def literal_len(t):
    return len(t.replace("[X]", "").replace("__", ""))


class Matcher:
    """All (relation key, template) pairs whose regex matches a text."""

    def __init__(self, rels, field):
        self.items = []
        for r in rels:
            key = r["alias_of"] or r["id"]
            for t in r[field]:
                self.items.append((key, t, template_regex(t), literal_len(t)))

    def matches(self, text, strip_dot=False):
        cands = [text]
        if strip_dot and text.endswith("."):
            cands.insert(0, text[:-1])  # strip the sentence's final "." once
        out = {}
        for key, t, rx, ll in self.items:
            for c in cands:
                m = rx.match(c)
                if m:
                    groups = m.groups()
                    subj_i = 0 if t.index("[X]") < t.find("__") or "__" not in t else 1
                    subj = groups[subj_i]
                    val = groups[1 - subj_i] if len(groups) == 2 else None
                    prev = out.get(key)
                    if prev is None or ll > prev[1]:
                        out[key] = (t, ll, subj, val)
                    break
        return out  # key -> (template, literal_len, subject, value)

    @staticmethod
    def best(found):
        """Most specific match: longest literal text; None if tied across keys."""
        if not found:
            return None
        ranked = sorted(found.items(), key=lambda kv: -kv[1][1])
        if len(ranked) > 1 and ranked[0][1][1] == ranked[1][1][1]:
            return None
        return ranked[0]


def fact_lines(context):
    lines = context.split("\n")
    assert lines[0] == "Here is a list of facts:", lines[0]
    for ln in lines[1:]:
        if not ln:
            continue
        m = re.match(r"^(\d+)\. (.*)$", ln)
        assert m, ln
        yield int(m.group(1)), m.group(2)


def norm_words(s):
    s = s.lower().replace("\u2019", "'")
    s = re.sub(r"[^a-z0-9']+", " ", s)
    return " " + " ".join(s.split()) + " "


def validate(doc):
    with open(FC, encoding="utf-8") as f:
        rows = json.load(f)
    rels = doc["relations"]
    smatch = Matcher(rels, "sentence_templates")
    qmatch = Matcher(rels, "question_templates")
    ok = True

    # ---- facts --------------------------------------------------------------
    contexts = {}
    for row in rows:
        contexts.setdefault(row["context"], row["metadata"]["source"].split("_")[-1])
    print("== fact lines (unique contexts: %d)" % len(contexts))
    overlap = collections.Counter()
    overlap_example = {}
    ties = collections.Counter()
    rel_count = collections.Counter()
    graphs = {}
    for ctx, length in contexts.items():
        n = bad = 0
        facts = []
        for serial, sent in fact_lines(ctx):
            n += 1
            found = smatch.matches(sent, strip_dot=True)
            if not found:
                bad += 1
                if bad <= 5:
                    print("   NO MATCH [%s] %d. %s" % (length, serial, sent))
                continue
            if len(found) > 1:
                keys = tuple(sorted(found, key=lambda k: -found[k][1]))
                overlap[keys] += 1
                overlap_example.setdefault(keys, sent)
            b = Matcher.best(found)
            if b is None:
                ties[tuple(sorted(found))] += 1
                continue
            key, (t, ll, subj, val) = b
            rel_count[key] += 1
            facts.append((serial, subj, key, val))
        graphs[length] = facts
        print("   %-5s facts %6d  non-matching %d" % (length, n, bad))
        ok &= bad == 0
    print("   relations seen in facts (most-specific parse): %d" % len(rel_count))
    print("   overlapping sentence matches (relation sets, most specific first):")
    for keys, c in overlap.most_common():
        print("     %-22s x%-6d e.g. %s" % ("/".join(keys), c, overlap_example[keys]))
    if ties:
        print("   TIES (equal literal length, ambiguous):", dict(ties))
        ok = False

    # ---- SH questions -------------------------------------------------------
    print("== SH questions")
    sh_total = sh_bad = sh_consistent = 0
    qoverlap = collections.Counter()
    qoverlap_example = {}
    for row in rows:
        src = row["metadata"]["source"]
        if not src.startswith("factconsolidation_sh_"):
            continue
        length = src.split("_")[-1]
        slot = collections.defaultdict(list)
        for serial, subj, key, val in graphs[length]:
            slot[(subj, key)].append(val)
        bad = 0
        for q, ans in zip(row["questions"], row["answers"]):
            sh_total += 1
            found = qmatch.matches(q)
            if not found:
                bad += 1
                print("   NO MATCH [%s] %s" % (length, q))
                continue
            if len(found) > 1:
                keys = tuple(sorted(found, key=lambda k: -found[k][1]))
                qoverlap[keys] += 1
                qoverlap_example.setdefault(keys, q)
            b = Matcher.best(found)
            if b and ans[0] in slot.get((b[1][2], b[0]), []):
                sh_consistent += 1
        sh_bad += bad
        print("   %-5s questions %d  non-matching %d" % (length, len(row["questions"]), bad))
    ok &= sh_bad == 0
    print("   most-specific template -> (subject, relation) slot holds the gold: %d/%d"
          % (sh_consistent, sh_total))
    print("   overlapping question matches (most specific first):")
    for keys, c in qoverlap.most_common():
        print("     %-22s x%-4d e.g. %s" % ("/".join(keys), c, qoverlap_example[keys]))

    # ---- MH cue coverage ----------------------------------------------------
    mh_coverage(rows, rels, graphs)
    return ok


def find_chain(question, gold, facts):
    """Relation path from an entity named in the question to the gold answer.

    Prefers paths over newest values (latest serial per slot), then any value;
    shorter before longer; at most 4 hops. Returns (start, [relation keys]) or None.
    """
    newest = {}
    allv = collections.defaultdict(set)
    for serial, subj, key, val in facts:
        if (subj, key) not in newest or serial > newest[(subj, key)][0]:
            newest[(subj, key)] = (serial, val)
        allv[(subj, key)].add(val)
    out_new = collections.defaultdict(list)
    out_all = collections.defaultdict(list)
    for (subj, key), (_, val) in newest.items():
        out_new[subj].append((key, val))
    for (subj, key), vals in allv.items():
        for v in sorted(vals):
            out_all[subj].append((key, v))
    subjects = sorted(out_all, key=len, reverse=True)
    starts = [s for s in subjects if len(s) > 2 and s in question and
              re.search(r"(?<!\w)" + re.escape(s) + r"(?!\w)", question)]
    for graph in (out_new, out_all):
        for start in starts:
            frontier = [(start, [])]
            for depth in range(1, 5):
                nxt, hits = [], []
                for node, path in frontier:
                    for key, val in graph.get(node, ()):
                        p = path + [key]
                        if val == gold and depth >= 2:
                            hits.append(p)
                        nxt.append((val, p))
                if hits:
                    return start, hits
                frontier = nxt[:20000]
    return None


def mh_coverage(rows, rels, graphs):
    """For each MH question, find its relation chain in the fact graph and check
    that every hop's relation has at least one cue present in the question
    (whole-word phrase match after lowercasing and stripping punctuation)."""
    cues = {}
    for r in rels:
        key = r["alias_of"] or r["id"]
        cues.setdefault(key, set()).update(norm_words(c) for c in r["cues"])
    print("== templates whose own literal text carries no cue of their relation:")
    for r in rels:
        key = r["alias_of"] or r["id"]
        for f in ("sentence_templates", "question_templates"):
            for t in r[f]:
                w = norm_words(t.replace("[X]", " ").replace("__", " "))
                if not any(c in w for c in cues[key]):
                    print("     %-6s %s" % (key, t))
    print("== MH questions: per-hop cue coverage")
    tot_q = tot_chain = tot_full = tot_hops = tot_hops_cov = 0
    miss = collections.Counter()
    miss_example = {}
    noise = 0
    for row in rows:
        src = row["metadata"]["source"]
        if not src.startswith("factconsolidation_mh_"):
            continue
        length = src.split("_")[-1]
        nq = nchain = nfull = 0
        for q, ans in zip(row["questions"], row["answers"]):
            nq += 1
            res = find_chain(q, ans[0], graphs[length])
            if not res:
                continue
            nchain += 1
            start, paths = res
            wq = norm_words(q.replace(start, " "))
            # several equally short paths can reach the gold; score the best
            best = None
            for p in paths:
                cov = [any(c in wq for c in cues[k]) for k in p]
                if best is None or sum(cov) > sum(best[1]):
                    best = (p, cov)
            p, cov = best
            tot_hops += len(p)
            tot_hops_cov += sum(cov)
            if all(cov):
                nfull += 1
            for k, c in zip(p, cov):
                if not c:
                    miss[k] += 1
                    miss_example.setdefault(k, []).append(q)
            if VERBOSE and not all(cov):
                print("     MISS %s | %s | %s" % (q, start, " > ".join(
                    k if c else k.upper() + "*" for k, c in zip(p, cov))))
            fired = {k for k, cs in cues.items() if any(c in wq for c in cs)}
            noise += len(fired - set(p))
        tot_q += nq
        tot_chain += nchain
        tot_full += nfull
        print("   %-5s questions %d  chain found %d  all hops cued %d (%.1f%%)"
              % (length, nq, nchain, nfull, 100.0 * nfull / max(nchain, 1)))
    print("   total: chain found %d/%d; all hops cued %d/%d (%.1f%%); hops cued %d/%d (%.1f%%)"
          % (tot_chain, tot_q, tot_full, tot_chain, 100.0 * tot_full / max(tot_chain, 1),
             tot_hops_cov, tot_hops, 100.0 * tot_hops_cov / max(tot_hops, 1)))
    print("   mean number of off-chain relations whose cues also fire: %.2f per question"
          % (noise / max(tot_chain, 1)))
    if miss:
        print("   uncued hops by relation:")
        for k, c in miss.most_common():
            print("     %-6s %3d  e.g. %s" % (k, c, miss_example[k][0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="do not write; fail if relations.json differs from the build")
    ap.add_argument("--no-validate", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list MH questions with uncued hops")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    doc = build()
    text = render(doc)
    if args.check:
        try:
            with open(OUT, encoding="utf-8") as f:
                cur = f.read()
        except FileNotFoundError:
            cur = None
        if cur != text:
            print("relations.json is missing or out of date; run build_lexicon.py")
            return 1
        print("relations.json up to date (%d relations)" % len(doc["relations"]))
    else:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote %s (%d relations)" % (os.path.relpath(OUT, DATASETS), len(doc["relations"])))
    if args.no_validate:
        return 0
    if not os.path.exists(FC):
        print("(no %s; validation skipped)" % FC)
        return 0
    return 0 if validate(doc) else 1


if __name__ == "__main__":
    sys.exit(main())
