// Demo catalogue for the local development database. Every work here is in the public domain
// (authors who died before 1955, works first published before 1930). Descriptions are original
// summaries written for this project. There are deliberately no ISBNs: editions vary.

export type AgeGroupFine = "early_reader" | "middle_grade" | "young_adult" | "adult";

export interface CatalogueBook {
  title: string;
  /** As usually credited, e.g. "Jane Austen". */
  author: string;
  /**
   * Year of first publication as usually cited. For serialised novels that is the conventional date
   * (often the first book edition); for plays, the usual date of first performance or print.
   */
  year: number;
  /** 1–3 sentences, original wording, 120–400 characters. */
  description: string;
  /** ISO 639-1 code of the title as given: original-language titles carry their own language, English titles "en". */
  language: string;
  /** 1–3 broad genres. */
  categories: string[];
  /** A plausible page count for a typical modern paperback. */
  pageCount: number;
  ageGroupFine: AgeGroupFine;
  /** 2–4 short lowercase themes. */
  themes: string[];
}

/** IANA zones the demo members live in (any zone Intl knows is allowed). */
export type DemoTimezone = string;

export interface DemoMember {
  name: string;
  email: string;
  bio: string;
  timezone: DemoTimezone;
}

export const catalogue: CatalogueBook[] = [
  // ── Novels in English ────────────────────────────────────────────────────────
  {
    title: "Pride and Prejudice", author: "Jane Austen", year: 1813, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 432, ageGroupFine: "adult", themes: ["marriage", "class", "pride"],
    description: "Elizabeth Bennet, the sharp-witted second of five daughters, clashes with the proud Mr Darcy in Regency Hertfordshire. Both must unlearn their first impressions before they can see each other clearly.",
  },
  {
    title: "Sense and Sensibility", author: "Jane Austen", year: 1811, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 409, ageGroupFine: "adult", themes: ["marriage", "money", "sisterhood"],
    description: "After their father's death leaves them with little money, the Dashwood sisters move to a Devon cottage. Reserved Elinor and passionate Marianne each face heartbreak and learn something from the other's temperament.",
  },
  {
    title: "Emma", author: "Jane Austen", year: 1815, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 474, ageGroupFine: "adult", themes: ["matchmaking", "self-knowledge", "class"],
    description: "Handsome, clever and rich, Emma Woodhouse amuses herself by arranging the love lives of her Highbury neighbours, misreading nearly everyone, herself included, until her meddling has real consequences.",
  },
  {
    title: "Persuasion", author: "Jane Austen", year: 1817, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 249, ageGroupFine: "adult", themes: ["second chances", "constancy", "regret"],
    description: "Eight years after being talked out of marrying a penniless naval officer, Anne Elliot meets Captain Wentworth again, now wealthy and admired. Austen's last completed novel is a quiet study of regret and constancy.",
  },
  {
    title: "Northanger Abbey", author: "Jane Austen", year: 1817, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 251, ageGroupFine: "adult", themes: ["imagination", "coming of age", "satire"],
    description: "Catherine Morland, a young reader devoted to gothic romances, visits Bath and then the Tilney family's abbey, where she half expects sinister secrets. Austen gently mocks the genre while following a real awakening.",
  },
  {
    title: "Mansfield Park", author: "Jane Austen", year: 1814, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 507, ageGroupFine: "adult", themes: ["morality", "family", "class"],
    description: "Fanny Price, sent as a poor child to live with wealthy relatives at Mansfield Park, grows up quiet and overlooked. When the glamorous Crawford siblings arrive, her steady principles are put to the test.",
  },
  {
    title: "Jane Eyre", author: "Charlotte Brontë", year: 1847, language: "en",
    categories: ["Fiction", "Gothic", "Romance"], pageCount: 532, ageGroupFine: "adult", themes: ["independence", "love", "morality"],
    description: "An orphan who survives a cruel childhood and a harsh charity school becomes governess at Thornfield Hall and falls in love with its brooding master, Mr Rochester. A secret in the house forces her to choose between love and self-respect.",
  },
  {
    title: "Villette", author: "Charlotte Brontë", year: 1853, language: "en",
    categories: ["Fiction"], pageCount: 573, ageGroupFine: "adult", themes: ["isolation", "self-reliance", "love"],
    description: "Lucy Snowe, alone and without means, travels to the fictional continental city of Villette to teach at a girls' school. Her guarded, often unreliable narration tracks loneliness, restraint and an unexpected attachment.",
  },
  {
    title: "Wuthering Heights", author: "Emily Brontë", year: 1847, language: "en",
    categories: ["Fiction", "Gothic"], pageCount: 416, ageGroupFine: "adult", themes: ["obsession", "revenge", "nature"],
    description: "On the Yorkshire moors, the foundling Heathcliff and Catherine Earnshaw form a bond so fierce it outlasts marriage, death and a generation. Heathcliff's revenge on two families is told through layered narrators.",
  },
  {
    title: "The Tenant of Wildfell Hall", author: "Anne Brontë", year: 1848, language: "en",
    categories: ["Fiction"], pageCount: 528, ageGroupFine: "adult", themes: ["marriage", "independence", "addiction"],
    description: "A mysterious widow and her young son move into a decaying hall and set village tongues wagging. Her diary reveals the truth: she has fled an abusive, dissipated husband, a bold subject for its time.",
  },
  {
    title: "Agnes Grey", author: "Anne Brontë", year: 1847, language: "en",
    categories: ["Fiction"], pageCount: 256, ageGroupFine: "adult", themes: ["work", "dignity", "class"],
    description: "A clergyman's daughter becomes a governess to help her family and endures unruly children and snobbish employers. Drawn from Anne Brontë's own experience, it is a clear-eyed look at a governess's powerless position.",
  },
  {
    title: "Middlemarch", author: "George Eliot", year: 1871, language: "en",
    categories: ["Fiction"], pageCount: 880, ageGroupFine: "adult", themes: ["idealism", "marriage", "community"],
    description: "In a provincial Midlands town on the eve of the 1832 Reform Act, the idealistic Dorothea Brooke and the ambitious young doctor Tertius Lydgate each make a marriage that tests their hopes. A panoramic portrait of a community.",
  },
  {
    title: "Silas Marner", author: "George Eliot", year: 1861, language: "en",
    categories: ["Fiction"], pageCount: 190, ageGroupFine: "adult", themes: ["redemption", "community", "family"],
    description: "A linen weaver, wrongly accused of theft and driven from his chapel, hoards gold in a quiet village. When his savings are stolen and an orphaned child toddles to his hearth, his life begins to open again.",
  },
  {
    title: "The Mill on the Floss", author: "George Eliot", year: 1860, language: "en",
    categories: ["Fiction"], pageCount: 576, ageGroupFine: "adult", themes: ["siblings", "duty", "desire"],
    description: "Maggie Tulliver, clever and impulsive, grows up beside the river Floss and struggles against family loyalty, social expectation and her devotion to her rigid brother Tom, until a flood brings matters to a head.",
  },
  {
    title: "Great Expectations", author: "Charles Dickens", year: 1861, language: "en",
    categories: ["Fiction"], pageCount: 544, ageGroupFine: "adult", themes: ["ambition", "guilt", "class"],
    description: "Orphan Pip, raised by his sister and her blacksmith husband, is lifted into London society by a secret benefactor. His snobbish pursuit of gentility, and of the cold Estella, brings hard lessons about loyalty.",
  },
  {
    title: "A Tale of Two Cities", author: "Charles Dickens", year: 1859, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 489, ageGroupFine: "adult", themes: ["sacrifice", "revolution", "resurrection"],
    description: "Set between London and Paris before and during the French Revolution, the novel follows Dr Manette, his daughter Lucie and two men who love her, one of them a dissolute lawyer capable of a remarkable sacrifice.",
  },
  {
    title: "Oliver Twist", author: "Charles Dickens", year: 1838, language: "en",
    categories: ["Fiction"], pageCount: 608, ageGroupFine: "adult", themes: ["poverty", "crime", "innocence"],
    description: "A workhouse orphan runs away to London and falls in with Fagin's gang of young pickpockets. Dickens uses Oliver's perils to attack the New Poor Law and the cruelty of Victorian institutions.",
  },
  {
    title: "David Copperfield", author: "Charles Dickens", year: 1850, language: "en",
    categories: ["Fiction"], pageCount: 882, ageGroupFine: "adult", themes: ["growing up", "perseverance", "memory"],
    description: "Dickens's most autobiographical novel follows David from a childhood darkened by a harsh stepfather, through factory labour and school, to success as a writer, among unforgettable figures like Mr Micawber and Uriah Heep.",
  },
  {
    title: "Bleak House", author: "Charles Dickens", year: 1853, language: "en",
    categories: ["Fiction", "Mystery"], pageCount: 1017, ageGroupFine: "adult", themes: ["justice", "bureaucracy", "secrets"],
    description: "An endless Chancery lawsuit, Jarndyce and Jarndyce, consumes fortunes and lives, while Esther Summerson uncovers the secret of her own parentage. Part social satire, part detective story.",
  },
  {
    title: "Hard Times", author: "Charles Dickens", year: 1854, language: "en",
    categories: ["Fiction"], pageCount: 320, ageGroupFine: "adult", themes: ["industry", "education", "imagination"],
    description: "In the smoky mill town of Coketown, Thomas Gradgrind raises his children and pupils on facts alone. Dickens's shortest novel skewers utilitarian thinking and the human cost of industrial life.",
  },
  {
    title: "A Christmas Carol", author: "Charles Dickens", year: 1843, language: "en",
    categories: ["Fiction", "Ghost Story"], pageCount: 104, ageGroupFine: "middle_grade", themes: ["redemption", "generosity", "christmas"],
    description: "On Christmas Eve the miserly Ebenezer Scrooge is visited by the ghost of his old partner and then by three spirits who show him his past, present and possible future. A short, warm-hearted tale of a second chance.",
  },
  {
    title: "Tess of the d'Urbervilles", author: "Thomas Hardy", year: 1891, language: "en",
    categories: ["Fiction"], pageCount: 518, ageGroupFine: "adult", themes: ["injustice", "fate", "purity"],
    description: "Tess Durbeyfield, a poor Wessex girl whose family learns it descends from ancient nobility, is seduced by a rich young man and then shunned. Hardy traces her tragedy with deep sympathy and anger at Victorian hypocrisy.",
  },
  {
    title: "Far from the Madding Crowd", author: "Thomas Hardy", year: 1874, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 464, ageGroupFine: "adult", themes: ["love", "independence", "rural life"],
    description: "Bathsheba Everdene inherits a farm and runs it herself, attracting three very different suitors: the loyal shepherd Gabriel Oak, the obsessive farmer Boldwood and the dashing, reckless Sergeant Troy.",
  },
  {
    title: "Jude the Obscure", author: "Thomas Hardy", year: 1895, language: "en",
    categories: ["Fiction"], pageCount: 528, ageGroupFine: "adult", themes: ["education", "class", "marriage"],
    description: "Jude Fawley, a stonemason who dreams of studying at the university town of Christminster, is thwarted by class barriers and an unhappy marriage. His bond with his cousin Sue Bridehead defies convention at great cost.",
  },
  {
    title: "The Mayor of Casterbridge", author: "Thomas Hardy", year: 1886, language: "en",
    categories: ["Fiction"], pageCount: 400, ageGroupFine: "adult", themes: ["guilt", "ambition", "fate"],
    description: "In a drunken rage, Michael Henchard sells his wife and baby daughter to a sailor at a country fair. Years later, sober and now mayor of Casterbridge, he must face the consequences when they return.",
  },
  {
    title: "North and South", author: "Elizabeth Gaskell", year: 1855, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 521, ageGroupFine: "adult", themes: ["industry", "class", "prejudice"],
    description: "Margaret Hale moves from the gentle south of England to the northern mill town of Milton, where she clashes with the mill owner John Thornton over the treatment of workers. Their slow change of heart mirrors a divided nation.",
  },
  {
    title: "Cranford", author: "Elizabeth Gaskell", year: 1853, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 224, ageGroupFine: "adult", themes: ["community", "gentility", "change"],
    description: "A gently comic portrait of a small town run by genteel, mostly unmarried ladies who keep up appearances on slender incomes, and of how they meet the upheavals of railways, bank failures and scandal.",
  },
  {
    title: "Vanity Fair", author: "William Makepeace Thackeray", year: 1848, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 912, ageGroupFine: "adult", themes: ["ambition", "hypocrisy", "social climbing"],
    description: "Becky Sharp, a clever and unscrupulous orphan, schemes her way up English society around the time of Waterloo, while her gentle schoolfriend Amelia Sedley clings to an unworthy husband. Thackeray's 'novel without a hero'.",
  },
  {
    title: "The Picture of Dorian Gray", author: "Oscar Wilde", year: 1890, language: "en",
    categories: ["Fiction", "Gothic"], pageCount: 254, ageGroupFine: "adult", themes: ["vanity", "corruption", "art"],
    description: "A beautiful young man wishes that his portrait would age instead of him. As Dorian pursues a life of pleasure and cruelty, the painting hidden away in his old schoolroom records every sin.",
  },
  {
    title: "Heart of Darkness", author: "Joseph Conrad", year: 1899, language: "en",
    categories: ["Fiction"], pageCount: 96, ageGroupFine: "adult", themes: ["colonialism", "darkness", "morality"],
    description: "The seaman Marlow recounts his journey up the Congo River for a Belgian trading company in search of Kurtz, a celebrated ivory agent. What he finds exposes the brutality at the heart of colonial enterprise.",
  },
  {
    title: "Lord Jim", author: "Joseph Conrad", year: 1900, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 368, ageGroupFine: "adult", themes: ["honour", "guilt", "redemption"],
    description: "A young British ship's mate jumps from a vessel full of pilgrims that he believes is sinking, and spends the rest of his life trying to atone for that moment of cowardice, eventually in a remote Southeast Asian settlement.",
  },
  {
    title: "The Secret Agent", author: "Joseph Conrad", year: 1907, language: "en",
    categories: ["Fiction", "Thriller"], pageCount: 288, ageGroupFine: "adult", themes: ["terrorism", "espionage", "betrayal"],
    description: "In London, Mr Verloc runs a seedy shop as cover for his work as a double agent. Pushed by a foreign embassy to stage a bombing, he sets off a chain of events that devastates his own family.",
  },
  {
    title: "Ulysses", author: "James Joyce", year: 1922, language: "en",
    categories: ["Fiction"], pageCount: 730, ageGroupFine: "adult", themes: ["everyday life", "identity", "dublin"],
    description: "Over a single day, 16 June 1904, the advertising canvasser Leopold Bloom wanders Dublin while young Stephen Dedalus and Bloom's wife Molly go about their own lives. Each episode echoes the Odyssey in a different style.",
  },
  {
    title: "Dubliners", author: "James Joyce", year: 1914, language: "en",
    categories: ["Fiction", "Short Stories"], pageCount: 224, ageGroupFine: "adult", themes: ["paralysis", "epiphany", "city life"],
    description: "Fifteen short stories portray ordinary Dubliners in childhood, adolescence, maturity and public life, each caught at a moment of sudden insight. The collection closes with 'The Dead', set at a winter dinner party.",
  },
  {
    title: "A Portrait of the Artist as a Young Man", author: "James Joyce", year: 1916, language: "en",
    categories: ["Fiction"], pageCount: 288, ageGroupFine: "adult", themes: ["identity", "religion", "art"],
    description: "Stephen Dedalus grows up in Catholic Ireland, passing through strict schooling, religious terror and rebellion before resolving to leave and forge his own artistic vision. The prose matures along with its hero.",
  },
  {
    title: "Mrs Dalloway", author: "Virginia Woolf", year: 1925, language: "en",
    categories: ["Fiction"], pageCount: 194, ageGroupFine: "adult", themes: ["time", "memory", "mental health"],
    description: "On a June day in 1923, Clarissa Dalloway prepares for a party in London, while the shell-shocked war veteran Septimus Warren Smith moves toward crisis. Woolf weaves their inner lives together across a single day.",
  },
  {
    title: "To the Lighthouse", author: "Virginia Woolf", year: 1927, language: "en",
    categories: ["Fiction"], pageCount: 209, ageGroupFine: "adult", themes: ["time", "loss", "art"],
    description: "The Ramsay family and their guests spend summers on the Isle of Skye, where a promised trip to the lighthouse keeps being put off. A decade and a war later, the survivors return to finish what was left undone.",
  },
  {
    title: "Orlando: A Biography", author: "Virginia Woolf", year: 1928, language: "en",
    categories: ["Fiction", "Fantasy"], pageCount: 336, ageGroupFine: "adult", themes: ["gender", "time", "identity"],
    description: "Orlando begins life as a young nobleman in Elizabethan England and lives for more than three centuries, waking one day as a woman. Woolf's playful mock-biography explores gender, literature and history.",
  },
  {
    title: "Sons and Lovers", author: "D. H. Lawrence", year: 1913, language: "en",
    categories: ["Fiction"], pageCount: 464, ageGroupFine: "adult", themes: ["family", "love", "class"],
    description: "Paul Morel, son of a Nottinghamshire coal miner and a refined, frustrated mother, struggles to love other women while bound by his mother's intense devotion.",
  },
  {
    title: "Women in Love", author: "D. H. Lawrence", year: 1920, language: "en",
    categories: ["Fiction"], pageCount: 544, ageGroupFine: "adult", themes: ["love", "modernity", "relationships"],
    description: "The sisters Ursula and Gudrun Brangwen form relationships with two very different men, the searching school inspector Rupert Birkin and the industrialist Gerald Crich, in a novel probing love, marriage and modern life.",
  },
  {
    title: "The Good Soldier", author: "Ford Madox Ford", year: 1915, language: "en",
    categories: ["Fiction"], pageCount: 256, ageGroupFine: "adult", themes: ["deception", "marriage", "memory"],
    description: "John Dowell, a wealthy American, looks back on nine years of friendship between his wife and himself and the English Ashburnhams, slowly revealing the betrayals he failed to see. A masterpiece of unreliable narration.",
  },
  {
    title: "Robinson Crusoe", author: "Daniel Defoe", year: 1719, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 320, ageGroupFine: "adult", themes: ["survival", "self-reliance", "faith"],
    description: "Shipwrecked on a remote island, Robinson Crusoe spends twenty-eight years building a life from salvage and labour, recording his practical and spiritual struggles, and eventually meets a companion he names Friday.",
  },
  {
    title: "Gulliver's Travels", author: "Jonathan Swift", year: 1726, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 336, ageGroupFine: "adult", themes: ["satire", "human nature", "politics"],
    description: "Ship's surgeon Lemuel Gulliver visits the tiny Lilliputians, the giant Brobdingnagians, the flying island of Laputa and the rational horses called Houyhnhnms. Swift's satire spares neither politics nor humankind.",
  },
  {
    title: "Tom Jones", author: "Henry Fielding", year: 1749, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 976, ageGroupFine: "adult", themes: ["fortune", "virtue", "love"],
    description: "Tom, a good-hearted but impulsive foundling raised by the generous Squire Allworthy, is cast out after rivals blacken his name. His road to London and to his beloved Sophia is a panorama of eighteenth-century England.",
  },
  {
    title: "The Life and Opinions of Tristram Shandy, Gentleman", author: "Laurence Sterne", year: 1759, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 656, ageGroupFine: "adult", themes: ["digression", "family", "time"],
    description: "Tristram sets out to tell his life story but barely manages to get himself born, lost in digressions about his father's theories, his Uncle Toby's military hobby and the vagaries of writing itself.",
  },
  {
    title: "The Vicar of Wakefield", author: "Oliver Goldsmith", year: 1766, language: "en",
    categories: ["Fiction"], pageCount: 192, ageGroupFine: "adult", themes: ["patience", "family", "misfortune"],
    description: "The good-natured vicar Dr Primrose and his family lose their fortune and suffer one misfortune after another, yet his patience and faith carry them through. A gentle, sentimental comedy of rural life.",
  },
  {
    title: "Evelina", author: "Frances Burney", year: 1778, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 432, ageGroupFine: "adult", themes: ["manners", "coming of age", "identity"],
    description: "Told in letters, this comic novel follows a young woman of uncertain parentage as she enters fashionable London society, navigating embarrassing relatives, rakish suitors and the rules of polite behaviour.",
  },
  {
    title: "Castle Rackrent", author: "Maria Edgeworth", year: 1800, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 128, ageGroupFine: "adult", themes: ["ireland", "decline", "land"],
    description: "The loyal old steward Thady Quirk narrates the ruin of the Rackrents, several generations of spendthrift Anglo-Irish landlords. It is often described as the first regional novel in English.",
  },
  {
    title: "Barchester Towers", author: "Anthony Trollope", year: 1857, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 512, ageGroupFine: "adult", themes: ["church politics", "ambition", "courtship"],
    description: "When a new bishop arrives in the cathedral town of Barchester, his domineering wife and his scheming chaplain Mr Slope set off a comic battle over church appointments and a wealthy widow's hand.",
  },
  {
    title: "Lorna Doone", author: "R. D. Blackmore", year: 1869, language: "en",
    categories: ["Fiction", "Romance", "Historical Fiction"], pageCount: 640, ageGroupFine: "adult", themes: ["love", "revenge", "loyalty"],
    description: "In seventeenth-century Exmoor, the farmer John Ridd falls in love with Lorna, who has been raised among the outlaw Doone clan, the same men who killed his father.",
  },
  {
    title: "New Grub Street", author: "George Gissing", year: 1891, language: "en",
    categories: ["Fiction"], pageCount: 560, ageGroupFine: "adult", themes: ["writing", "money", "ambition"],
    description: "In the London literary world of the 1880s, the principled novelist Edwin Reardon sinks into poverty while his cynical acquaintance Jasper Milvain rises by writing whatever the market wants.",
  },
  {
    title: "The Way of All Flesh", author: "Samuel Butler", year: 1903, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 432, ageGroupFine: "adult", themes: ["family", "religion", "hypocrisy"],
    description: "Butler's semi-autobiographical novel follows Ernest Pontifex as he struggles free of the stifling household of his clergyman father. A sharp satire of Victorian family life, published after the author's death.",
  },
  {
    title: "Three Men in a Boat", author: "Jerome K. Jerome", year: 1889, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 224, ageGroupFine: "adult", themes: ["friendship", "travel", "humour"],
    description: "Three hypochondriac friends, J., George and Harris, and the fox terrier Montmorency take a boating holiday up the Thames from Kingston to Oxford. A rambling comic classic full of digressions and disasters.",
  },
  {
    title: "The Diary of a Nobody", author: "George and Weedon Grossmith", year: 1892, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 224, ageGroupFine: "adult", themes: ["suburbia", "pride", "family"],
    description: "Charles Pooter, a self-important City clerk living in Holloway, records the small triumphs and humiliations of his suburban life, from social snubs to the antics of his son Lupin.",
  },
  {
    title: "Moby-Dick", author: "Herman Melville", year: 1851, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 720, ageGroupFine: "adult", themes: ["obsession", "nature", "fate"],
    description: "Ishmael signs on to the whaler Pequod, whose captain, Ahab, is bent on revenge against the white whale that took his leg. Melville mixes sea adventure, philosophy and whaling lore in a novel of vast ambition.",
  },
  {
    title: "Bartleby, the Scrivener", author: "Herman Melville", year: 1853, language: "en",
    categories: ["Fiction", "Short Stories"], pageCount: 64, ageGroupFine: "adult", themes: ["alienation", "work", "resistance"],
    description: "A Wall Street lawyer hires a quiet copyist who one day begins answering every request with 'I would prefer not to.' A strange, funny and haunting story about work, refusal and compassion.",
  },
  {
    title: "The Scarlet Letter", author: "Nathaniel Hawthorne", year: 1850, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 272, ageGroupFine: "adult", themes: ["sin", "shame", "hypocrisy"],
    description: "In Puritan Boston, Hester Prynne is made to wear a scarlet letter A after bearing a child outside marriage. She refuses to name the father, whose hidden guilt slowly eats away at him.",
  },
  {
    title: "The House of the Seven Gables", author: "Nathaniel Hawthorne", year: 1851, language: "en",
    categories: ["Fiction", "Gothic"], pageCount: 336, ageGroupFine: "adult", themes: ["inheritance", "guilt", "family"],
    description: "A curse laid by a man executed for witchcraft hangs over the Pyncheon family's gloomy New England mansion, where the impoverished Hepzibah opens a cent shop and her young cousin Phoebe brings in some light.",
  },
  {
    title: "Adventures of Huckleberry Finn", author: "Mark Twain", year: 1884, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 366, ageGroupFine: "young_adult", themes: ["freedom", "friendship", "racism"],
    description: "Huck fakes his own death to escape his abusive father and rafts down the Mississippi with Jim, a man fleeing slavery. Along the way Huck wrestles with his conscience and the hypocrisy of the society that raised him.",
  },
  {
    title: "The Adventures of Tom Sawyer", author: "Mark Twain", year: 1876, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 244, ageGroupFine: "middle_grade", themes: ["mischief", "childhood", "adventure"],
    description: "Tom Sawyer, a clever, mischievous boy in a Mississippi River town, tricks his friends into whitewashing a fence, runs off to play pirate and witnesses a murder in a graveyard, which leads him into real danger.",
  },
  {
    title: "The Prince and the Pauper", author: "Mark Twain", year: 1881, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 224, ageGroupFine: "middle_grade", themes: ["identity", "justice", "class"],
    description: "In Tudor London, young Prince Edward and Tom Canty, a poor boy who looks exactly like him, swap clothes on a whim and then cannot swap back. Each learns, the hard way, how the other half lives.",
  },
  {
    title: "A Connecticut Yankee in King Arthur's Court", author: "Mark Twain", year: 1889, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 320, ageGroupFine: "adult", themes: ["technology", "progress", "power"],
    description: "A nineteenth-century factory superintendent is knocked out and wakes in Camelot, where he uses modern know-how to become 'The Boss'. Twain's comic time-travel tale darkens into a critique of progress and power.",
  },
  {
    title: "Little Women", author: "Louisa May Alcott", year: 1868, language: "en",
    categories: ["Fiction", "Children's"], pageCount: 449, ageGroupFine: "middle_grade", themes: ["sisterhood", "growing up", "family"],
    description: "The four March sisters, Meg, Jo, Beth and Amy, grow up in New England while their father serves in the Civil War. Their joys, quarrels and ambitions, especially Jo's urge to write, have charmed generations of readers.",
  },
  {
    title: "Little Men", author: "Louisa May Alcott", year: 1871, language: "en",
    categories: ["Fiction", "Children's"], pageCount: 376, ageGroupFine: "middle_grade", themes: ["education", "kindness", "childhood"],
    description: "Jo March, now Mrs Bhaer, runs Plumfield, a lively school where she and her husband teach a houseful of boys through kindness rather than punishment. A warm account of their scrapes and growth.",
  },
  {
    title: "The Age of Innocence", author: "Edith Wharton", year: 1920, language: "en",
    categories: ["Fiction"], pageCount: 368, ageGroupFine: "adult", themes: ["convention", "desire", "society"],
    description: "In 1870s New York society, the lawyer Newland Archer is engaged to the proper May Welland but drawn to her unconventional cousin, Countess Ellen Olenska. Wharton's Pulitzer-winning novel dissects a world ruled by unspoken rules.",
  },
  {
    title: "The House of Mirth", author: "Edith Wharton", year: 1905, language: "en",
    categories: ["Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["class", "money", "marriage"],
    description: "Lily Bart, beautiful but without a fortune, must marry well to keep her place in New York society. Her hesitations and scruples send her steadily downward in Wharton's sharp tragedy of manners.",
  },
  {
    title: "Ethan Frome", author: "Edith Wharton", year: 1911, language: "en",
    categories: ["Fiction"], pageCount: 128, ageGroupFine: "adult", themes: ["isolation", "duty", "desire"],
    description: "Through a bleak New England winter, a poor farmer trapped in a loveless marriage falls for his sickly wife's young cousin. A short, stark tale of longing and its consequences.",
  },
  {
    title: "My Ántonia", author: "Willa Cather", year: 1918, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 272, ageGroupFine: "adult", themes: ["immigration", "memory", "frontier"],
    description: "Jim Burden looks back on his Nebraska prairie childhood and his friendship with Ántonia Shimerda, daughter of Bohemian immigrants, whose resilience comes to embody the pioneer experience.",
  },
  {
    title: "O Pioneers!", author: "Willa Cather", year: 1913, language: "en",
    categories: ["Fiction"], pageCount: 176, ageGroupFine: "adult", themes: ["land", "perseverance", "immigration"],
    description: "Alexandra Bergson, daughter of Swedish immigrants, takes over the family farm on the Nebraska plains and, against her brothers' doubts, turns hard land into prosperity, though love and tragedy shadow her success.",
  },
  {
    title: "The Great Gatsby", author: "F. Scott Fitzgerald", year: 1925, language: "en",
    categories: ["Fiction"], pageCount: 180, ageGroupFine: "adult", themes: ["wealth", "illusion", "the american dream"],
    description: "Nick Carraway is drawn into the glittering Long Island world of his mysterious neighbour Jay Gatsby, who throws lavish parties in the hope of winning back Daisy Buchanan. A compact portrait of Jazz Age longing.",
  },
  {
    title: "This Side of Paradise", author: "F. Scott Fitzgerald", year: 1920, language: "en",
    categories: ["Fiction"], pageCount: 305, ageGroupFine: "adult", themes: ["youth", "ambition", "identity"],
    description: "Fitzgerald's debut follows Amory Blaine from a pampered childhood through Princeton, the First World War and a string of romances, as he searches for an identity among a restless postwar generation.",
  },
  {
    title: "The Awakening", author: "Kate Chopin", year: 1899, language: "en",
    categories: ["Fiction"], pageCount: 190, ageGroupFine: "adult", themes: ["independence", "marriage", "desire"],
    description: "During a summer on Grand Isle, Edna Pontellier, wife of a New Orleans businessman, begins to reject the roles of wife and mother expected of her. Its frank treatment of a woman's desires shocked early reviewers.",
  },
  {
    title: "The Yellow Wallpaper", author: "Charlotte Perkins Gilman", year: 1892, language: "en",
    categories: ["Fiction", "Gothic", "Short Stories"], pageCount: 64, ageGroupFine: "adult", themes: ["mental health", "confinement", "gender"],
    description: "Confined to an upstairs room by her physician husband for a 'rest cure', a young mother becomes fixated on the room's yellow wallpaper. A chilling short story about medicine, marriage and the mind.",
  },
  {
    title: "The Portrait of a Lady", author: "Henry James", year: 1881, language: "en",
    categories: ["Fiction"], pageCount: 656, ageGroupFine: "adult", themes: ["freedom", "betrayal", "americans abroad"],
    description: "Isabel Archer, a spirited young American, comes into a fortune in Europe and is determined to choose her own fate. Her choice of husband turns out to be the very trap she most wanted to avoid.",
  },
  {
    title: "Daisy Miller", author: "Henry James", year: 1878, language: "en",
    categories: ["Fiction"], pageCount: 96, ageGroupFine: "adult", themes: ["innocence", "convention", "americans abroad"],
    description: "In Switzerland and Rome, the expatriate Winterbourne is fascinated and puzzled by Daisy Miller, a frank, flirtatious young American whose disregard for European etiquette scandalises polite society.",
  },
  {
    title: "Uncle Tom's Cabin", author: "Harriet Beecher Stowe", year: 1852, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 480, ageGroupFine: "adult", themes: ["slavery", "faith", "injustice"],
    description: "Stowe's anti-slavery novel follows the devout, enslaved Tom as he is sold south, and Eliza, who escapes across the icy Ohio River to save her son. Its huge readership shaped the debate before the Civil War.",
  },
  {
    title: "The Last of the Mohicans", author: "James Fenimore Cooper", year: 1826, language: "en",
    categories: ["Fiction", "Adventure", "Historical Fiction"], pageCount: 432, ageGroupFine: "adult", themes: ["frontier", "loyalty", "war"],
    description: "During the French and Indian War, the scout Hawkeye and his Mohican companions Chingachgook and Uncas guide two sisters through dangerous wilderness toward their father's besieged fort.",
  },
  {
    title: "The Red Badge of Courage", author: "Stephen Crane", year: 1895, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 160, ageGroupFine: "young_adult", themes: ["courage", "war", "fear"],
    description: "Henry Fleming, a young Union soldier, flees his first battle in panic and wrestles with shame until he returns to the fight. Crane's vivid, impressionistic Civil War novel stays inside its hero's head.",
  },
  {
    title: "Main Street", author: "Sinclair Lewis", year: 1920, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 448, ageGroupFine: "adult", themes: ["conformity", "small town", "idealism"],
    description: "Carol Kennicott, an idealistic young librarian, marries a doctor and moves to the prairie town of Gopher Prairie, Minnesota, where her efforts at reform collide with smug small-town conformity.",
  },
  {
    title: "Babbitt", author: "Sinclair Lewis", year: 1922, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 432, ageGroupFine: "adult", themes: ["conformity", "materialism", "business"],
    description: "George F. Babbitt, a prosperous real-estate man in the Midwestern city of Zenith, lives by the rules of boosterism and respectability, until a vague discontent pushes him into a brief, clumsy rebellion.",
  },
  {
    title: "Sister Carrie", author: "Theodore Dreiser", year: 1900, language: "en",
    categories: ["Fiction"], pageCount: 560, ageGroupFine: "adult", themes: ["ambition", "desire", "city life"],
    description: "Eighteen-year-old Caroline Meeber leaves rural Wisconsin for Chicago, rises through relationships with two men and becomes a star of the New York stage, while one of her lovers sinks into ruin.",
  },
  {
    title: "An American Tragedy", author: "Theodore Dreiser", year: 1925, language: "en",
    categories: ["Fiction", "Crime"], pageCount: 880, ageGroupFine: "adult", themes: ["ambition", "crime", "class"],
    description: "Clyde Griffiths, a poor young man hungry for wealth, works at his rich uncle's factory and is torn between a factory girl who is pregnant by him and a glamorous heiress. Based on a real murder case.",
  },
  {
    title: "McTeague", author: "Frank Norris", year: 1899, language: "en",
    categories: ["Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["greed", "violence", "marriage"],
    description: "A slow-witted San Francisco dentist marries Trina Sieppe, who wins a lottery and becomes a compulsive miser. Greed and jealousy drive the couple toward violence and a final confrontation in Death Valley.",
  },
  {
    title: "Winesburg, Ohio", author: "Sherwood Anderson", year: 1919, language: "en",
    categories: ["Fiction", "Short Stories"], pageCount: 256, ageGroupFine: "adult", themes: ["loneliness", "small town", "longing"],
    description: "Linked stories about the lonely, eccentric residents of a small Ohio town, many of whom confide in the young reporter George Willard before he leaves to start a new life.",
  },
  {
    title: "The Magnificent Ambersons", author: "Booth Tarkington", year: 1918, language: "en",
    categories: ["Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["change", "pride", "family"],
    description: "The wealthy Amberson family dominates a Midwestern town, but the spoiled heir George Minafer resists the coming of the automobile age and his widowed mother's suitor, even as the family fortune erodes.",
  },
  {
    title: "The Virginian", author: "Owen Wister", year: 1902, language: "en",
    categories: ["Fiction", "Western"], pageCount: 416, ageGroupFine: "adult", themes: ["honour", "frontier", "justice"],
    description: "A laconic Wyoming cowboy, known only as the Virginian, courts Molly Wood, a schoolteacher from Vermont, while confronting cattle rustlers and his rival Trampas. The novel helped shape the modern Western.",
  },
  {
    title: "Riders of the Purple Sage", author: "Zane Grey", year: 1912, language: "en",
    categories: ["Fiction", "Western"], pageCount: 320, ageGroupFine: "adult", themes: ["freedom", "persecution", "frontier"],
    description: "In 1870s Utah, the rancher Jane Withersteen resists pressure from church elders to marry, and is defended by Lassiter, a mysterious gunman searching for the truth about his lost sister.",
  },
  {
    title: "Ben-Hur: A Tale of the Christ", author: "Lew Wallace", year: 1880, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 560, ageGroupFine: "adult", themes: ["revenge", "faith", "redemption"],
    description: "Judah Ben-Hur, a Jewish prince in Roman Judea, is betrayed by his childhood friend Messala and condemned to the galleys. His road to revenge, including a legendary chariot race, crosses the life of Jesus.",
  },
  // ── Novels from other languages (original titles carry their own language code) ─
  {
    title: "Madame Bovary", author: "Gustave Flaubert", year: 1857, language: "fr",
    categories: ["Fiction"], pageCount: 384, ageGroupFine: "adult", themes: ["desire", "boredom", "debt"],
    description: "Emma Bovary, married to a dull country doctor in Normandy, seeks the passion she found in romantic novels through affairs and reckless spending. Flaubert's precise realism landed him in court on a charge of offending public morals.",
  },
  {
    title: "Les Misérables", author: "Victor Hugo", year: 1862, language: "fr",
    categories: ["Fiction", "Historical Fiction"], pageCount: 1463, ageGroupFine: "adult", themes: ["justice", "redemption", "revolution"],
    description: "Released after nineteen years in prison for stealing bread and trying to escape, Jean Valjean rebuilds his life while the relentless inspector Javert pursues him. Hugo's epic runs up to the 1832 uprising in Paris.",
  },
  {
    title: "The Hunchback of Notre-Dame", author: "Victor Hugo", year: 1831, language: "en",
    categories: ["Fiction", "Historical Fiction", "Gothic"], pageCount: 510, ageGroupFine: "adult", themes: ["outsiders", "fate", "cruelty"],
    description: "In fifteenth-century Paris, the deaf bell-ringer Quasimodo and the obsessed archdeacon Frollo are among those who fall for the street dancer Esmeralda. The cathedral itself is the novel's towering presence.",
  },
  {
    title: "The Count of Monte Cristo", author: "Alexandre Dumas", year: 1844, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 1276, ageGroupFine: "adult", themes: ["revenge", "justice", "patience"],
    description: "Betrayed by jealous rivals, the young sailor Edmond Dantès is imprisoned for years in the Château d'If. After a daring escape and the discovery of a hidden fortune, he returns as the Count of Monte Cristo to settle scores.",
  },
  {
    title: "The Three Musketeers", author: "Alexandre Dumas", year: 1844, language: "en",
    categories: ["Fiction", "Adventure", "Historical Fiction"], pageCount: 700, ageGroupFine: "young_adult", themes: ["friendship", "loyalty", "honour"],
    description: "The young Gascon d'Artagnan comes to Paris hoping to join the king's musketeers and befriends Athos, Porthos and Aramis. Together they defy Cardinal Richelieu and the ruthless Milady de Winter.",
  },
  {
    title: "Le Père Goriot", author: "Honoré de Balzac", year: 1835, language: "fr",
    categories: ["Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["ambition", "fatherhood", "money"],
    description: "In a shabby Paris boarding house, the ambitious law student Eugène de Rastignac watches old Goriot, who has ruined himself for two socially ambitious daughters, and learns how Parisian society really works.",
  },
  {
    title: "Germinal", author: "Émile Zola", year: 1885, language: "fr",
    categories: ["Fiction"], pageCount: 592, ageGroupFine: "adult", themes: ["labour", "poverty", "revolt"],
    description: "Étienne Lantier arrives in a coal-mining town in northern France and helps lead a strike against the company. Zola renders the miners' hunger, anger and courage with overwhelming force.",
  },
  {
    title: "Nana", author: "Émile Zola", year: 1880, language: "en",
    categories: ["Fiction"], pageCount: 464, ageGroupFine: "adult", themes: ["desire", "corruption", "class"],
    description: "Nana, a Parisian actress and courtesan who rose from the slums, ruins the wealthy men who pursue her in the last years of the Second Empire. Zola's portrait of a society consumed by its appetites.",
  },
  {
    title: "Thérèse Raquin", author: "Émile Zola", year: 1867, language: "en",
    categories: ["Fiction", "Crime"], pageCount: 256, ageGroupFine: "adult", themes: ["guilt", "desire", "crime"],
    description: "Trapped in a loveless marriage to her sickly cousin, Thérèse begins an affair with his friend Laurent, and the lovers plot a murder whose guilt gradually destroys them both.",
  },
  {
    title: "The Red and the Black", author: "Stendhal", year: 1830, language: "en",
    categories: ["Fiction"], pageCount: 576, ageGroupFine: "adult", themes: ["ambition", "hypocrisy", "class"],
    description: "Julien Sorel, a carpenter's son who idolises Napoleon, uses intelligence and seduction to climb Restoration society, first as a tutor in the provinces and then in Paris, until his ambition turns fatal.",
  },
  {
    title: "Candide", author: "Voltaire", year: 1759, language: "en",
    categories: ["Fiction", "Satire", "Philosophy"], pageCount: 144, ageGroupFine: "adult", themes: ["optimism", "suffering", "satire"],
    description: "Taught that all is for the best in the best of all possible worlds, the naive Candide is thrown out of a castle and suffers war, earthquake and cruelty across the globe. A brisk satire of philosophical optimism.",
  },
  {
    title: "Dangerous Liaisons", author: "Pierre Choderlos de Laclos", year: 1782, language: "en",
    categories: ["Fiction"], pageCount: 432, ageGroupFine: "adult", themes: ["seduction", "manipulation", "power"],
    description: "In letters, the Marquise de Merteuil and the Vicomte de Valmont, former lovers, plot the seduction of a virtuous married woman and a convent-educated girl, treating love as a game of power.",
  },
  {
    title: "Bel-Ami", author: "Guy de Maupassant", year: 1885, language: "en",
    categories: ["Fiction"], pageCount: 384, ageGroupFine: "adult", themes: ["ambition", "seduction", "journalism"],
    description: "Georges Duroy, a handsome former soldier with little talent but plenty of charm, rises through Parisian journalism and society by seducing influential women.",
  },
  {
    title: "Swann's Way", author: "Marcel Proust", year: 1913, language: "en",
    categories: ["Fiction"], pageCount: 496, ageGroupFine: "adult", themes: ["memory", "love", "jealousy"],
    description: "The first volume of In Search of Lost Time begins with a madeleine dipped in tea that unlocks the narrator's childhood in Combray, then recounts Charles Swann's jealous love for Odette.",
  },
  {
    title: "The Immoralist", author: "André Gide", year: 1902, language: "en",
    categories: ["Fiction"], pageCount: 144, ageGroupFine: "adult", themes: ["freedom", "desire", "morality"],
    description: "Michel, a scholar who recovers from tuberculosis in North Africa, rejects his austere past and pursues a sensual self-liberation, at a terrible cost to his devoted wife.",
  },
  {
    title: "Anna Karenina", author: "Leo Tolstoy", year: 1878, language: "en",
    categories: ["Fiction", "Romance"], pageCount: 864, ageGroupFine: "adult", themes: ["love", "society", "family"],
    description: "Anna Karenina leaves her husband for the dashing officer Vronsky and is gradually shut out of Russian high society, while the landowner Levin searches for meaning through farming, marriage and faith.",
  },
  {
    title: "War and Peace", author: "Leo Tolstoy", year: 1869, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 1296, ageGroupFine: "adult", themes: ["war", "history", "family"],
    description: "Tolstoy follows aristocratic families such as the Rostovs and Bolkonskys, and the searching Pierre Bezukhov, through Napoleon's invasion of Russia, mixing intimate lives with reflections on history itself.",
  },
  {
    title: "The Death of Ivan Ilyich", author: "Leo Tolstoy", year: 1886, language: "en",
    categories: ["Fiction"], pageCount: 114, ageGroupFine: "adult", themes: ["mortality", "meaning", "society"],
    description: "A successful judge who has lived a conventional, comfortable life falls ill and, facing death, comes to see how empty his existence has been. A short, piercing novella.",
  },
  {
    title: "Crime and Punishment", author: "Fyodor Dostoevsky", year: 1866, language: "en",
    categories: ["Fiction", "Crime"], pageCount: 565, ageGroupFine: "adult", themes: ["guilt", "morality", "redemption"],
    description: "Raskolnikov, an impoverished former student in St Petersburg, murders a pawnbroker to test his theory that extraordinary people may step over moral law. The rest of the novel follows his feverish guilt.",
  },
  {
    title: "The Brothers Karamazov", author: "Fyodor Dostoevsky", year: 1880, language: "en",
    categories: ["Fiction"], pageCount: 796, ageGroupFine: "adult", themes: ["faith", "family", "freedom"],
    description: "The murder of the debauched Fyodor Karamazov brings suspicion on his sons: passionate Dmitri, intellectual Ivan and devout Alyosha. A family drama and courtroom story that wrestles with faith, doubt and free will.",
  },
  {
    title: "Notes from Underground", author: "Fyodor Dostoevsky", year: 1864, language: "en",
    categories: ["Fiction", "Philosophy"], pageCount: 136, ageGroupFine: "adult", themes: ["alienation", "free will", "spite"],
    description: "A bitter retired civil servant rails against reason, progress and himself, then recounts humiliating episodes from his youth. An early and influential portrait of the alienated modern mind.",
  },
  {
    title: "The Idiot", author: "Fyodor Dostoevsky", year: 1869, language: "en",
    categories: ["Fiction"], pageCount: 656, ageGroupFine: "adult", themes: ["innocence", "society", "love"],
    description: "Prince Myshkin, a kind, guileless man returning to Russia after treatment abroad, is caught between two women and a society that mistakes his goodness for foolishness.",
  },
  {
    title: "Отцы и дети", author: "Ivan Turgenev", year: 1862, language: "ru",
    categories: ["Fiction"], pageCount: 226, ageGroupFine: "adult", themes: ["generations", "nihilism", "change"],
    description: "The young nihilist Bazarov visits the country estate of his friend Arkady's family and clashes with the older generation, above all Arkady's uncle Pavel. Known in English as Fathers and Sons.",
  },
  {
    title: "Dead Souls", author: "Nikolai Gogol", year: 1842, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 464, ageGroupFine: "adult", themes: ["greed", "bureaucracy", "satire"],
    description: "The smooth-talking Chichikov tours the Russian provinces buying up serfs who have died but still count on the census rolls, a comic scheme that exposes the greed and absurdity of the landowners he meets.",
  },
  {
    title: "Oblomov", author: "Ivan Goncharov", year: 1859, language: "en",
    categories: ["Fiction"], pageCount: 560, ageGroupFine: "adult", themes: ["inertia", "dreams", "friendship"],
    description: "Ilya Oblomov, a kindly but chronically idle nobleman, barely leaves his sofa in St Petersburg, even as his energetic friend Stolz and the lively Olga try to rouse him into life.",
  },
  {
    title: "Don Quijote de la Mancha", author: "Miguel de Cervantes", year: 1605, language: "es",
    categories: ["Fiction", "Humour"], pageCount: 1056, ageGroupFine: "adult", themes: ["idealism", "reality", "friendship"],
    description: "A Spanish gentleman who has read too many chivalric romances renames himself Don Quijote and sets out as a knight errant with the practical Sancho Panza. Their comic misadventures helped found the modern novel.",
  },
  {
    title: "Die Verwandlung", author: "Franz Kafka", year: 1915, language: "de",
    categories: ["Fiction"], pageCount: 96, ageGroupFine: "adult", themes: ["alienation", "family", "identity"],
    description: "Gregor Samsa, a travelling salesman, wakes one morning transformed into a monstrous insect. Kafka's novella, known in English as The Metamorphosis, follows his family as they adjust to the creature trapped in his room.",
  },
  {
    title: "The Trial", author: "Franz Kafka", year: 1925, language: "en",
    categories: ["Fiction"], pageCount: 256, ageGroupFine: "adult", themes: ["bureaucracy", "guilt", "absurdity"],
    description: "Josef K. is arrested one morning by officials who never tell him what he is accused of. His attempts to navigate a vast, opaque court system grow ever more futile. Published the year after Kafka's death.",
  },
  {
    title: "Die Leiden des jungen Werthers", author: "Johann Wolfgang von Goethe", year: 1774, language: "de",
    categories: ["Fiction", "Romance"], pageCount: 160, ageGroupFine: "adult", themes: ["love", "despair", "sensibility"],
    description: "In letters to a friend, the young Werther describes his hopeless passion for Lotte, who is engaged to another man. Known in English as The Sorrows of Young Werther, it made Goethe famous across Europe.",
  },
  {
    title: "Effi Briest", author: "Theodor Fontane", year: 1895, language: "de",
    categories: ["Fiction"], pageCount: 272, ageGroupFine: "adult", themes: ["marriage", "convention", "honour"],
    description: "Seventeen-year-old Effi marries a much older Prussian baron and is left lonely in a remote Baltic town. A brief affair, discovered years later, brings the full weight of a rigid code of honour down on her.",
  },
  {
    title: "I promessi sposi", author: "Alessandro Manzoni", year: 1827, language: "it",
    categories: ["Fiction", "Historical Fiction"], pageCount: 720, ageGroupFine: "adult", themes: ["love", "injustice", "faith"],
    description: "In seventeenth-century Lombardy, the silk weaver Renzo and his fiancée Lucia are prevented from marrying by a local tyrant and face famine, war and plague. Known in English as The Betrothed.",
  },
  {
    title: "Dom Casmurro", author: "Machado de Assis", year: 1899, language: "pt",
    categories: ["Fiction"], pageCount: 256, ageGroupFine: "adult", themes: ["jealousy", "memory", "unreliable narration"],
    description: "Bento Santiago, an ageing lawyer in Rio de Janeiro, recounts his childhood love for Capitu and their marriage, and his growing conviction that she betrayed him. The reader is left to weigh his suspicions.",
  },
  {
    title: "Noli Me Tángere", author: "José Rizal", year: 1887, language: "es",
    categories: ["Fiction", "Historical Fiction"], pageCount: 480, ageGroupFine: "adult", themes: ["colonialism", "injustice", "reform"],
    description: "Crisóstomo Ibarra returns to the Philippines after studying in Europe, hoping to build a school, but collides with corrupt friars and colonial officials. Rizal's novel fuelled the Filipino national movement.",
  },
  {
    title: "Hunger", author: "Knut Hamsun", year: 1890, language: "en",
    categories: ["Fiction"], pageCount: 240, ageGroupFine: "adult", themes: ["poverty", "pride", "consciousness"],
    description: "An unnamed young writer wanders the streets of Kristiania, the city now called Oslo, half-starved and increasingly erratic, too proud to ask for help. A radically inward novel that anticipated modernism.",
  },
  {
    title: "Quo Vadis", author: "Henryk Sienkiewicz", year: 1896, language: "en",
    categories: ["Fiction", "Historical Fiction"], pageCount: 592, ageGroupFine: "adult", themes: ["faith", "persecution", "love"],
    description: "In Nero's Rome, the patrician officer Marcus Vinicius falls in love with Lygia, a Christian hostage, and is drawn into the early Christian community during the great fire and the persecutions that follow.",
  },
  {
    title: "Kokoro", author: "Natsume Sōseki", year: 1914, language: "en",
    categories: ["Fiction"], pageCount: 256, ageGroupFine: "adult", themes: ["loneliness", "guilt", "friendship"],
    description: "A student in late Meiji Japan befriends an older man he calls Sensei, who lives in self-imposed isolation. A long final letter reveals the betrayal that has haunted Sensei for decades.",
  },
  {
    title: "Botchan", author: "Natsume Sōseki", year: 1906, language: "en",
    categories: ["Fiction", "Humour"], pageCount: 176, ageGroupFine: "adult", themes: ["honesty", "integrity", "humour"],
    description: "A hot-headed, stubbornly honest young man from Tokyo takes a teaching job at a middle school in a provincial town on Shikoku, where he clashes with scheming colleagues and prankish students.",
  },
  {
    title: "The True Story of Ah Q", author: "Lu Xun", year: 1921, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 96, ageGroupFine: "adult", themes: ["self-deception", "revolution", "society"],
    description: "Ah Q, a poor village labourer who turns every humiliation into an imagined victory, drifts through the upheavals of the 1911 revolution. Lu Xun's novella satirises complacency and cruelty in Chinese society.",
  },
  {
    title: "The Home and the World", author: "Rabindranath Tagore", year: 1916, language: "en",
    categories: ["Fiction"], pageCount: 240, ageGroupFine: "adult", themes: ["nationalism", "love", "freedom"],
    description: "During the Swadeshi movement in Bengal, Bimala, wife of a liberal landowner, is swept up by his charismatic friend Sandip, a nationalist agitator. Three narrators tell of loyalty, politics and desire.",
  },
  {
    title: "Pather Panchali", author: "Bibhutibhushan Bandyopadhyay", year: 1929, language: "en",
    categories: ["Fiction"], pageCount: 320, ageGroupFine: "adult", themes: ["childhood", "poverty", "family"],
    description: "In a Bengal village, young Apu and his older sister Durga grow up in a poor Brahmin family, finding wonder in the world around them despite hardship. The novel later became the basis of Satyajit Ray's film.",
  },
  // ── Gothic and horror ────────────────────────────────────────────────────────
  {
    title: "Frankenstein", author: "Mary Shelley", year: 1818, language: "en",
    categories: ["Science Fiction", "Gothic"], pageCount: 280, ageGroupFine: "adult", themes: ["creation", "responsibility", "isolation"],
    description: "The young scientist Victor Frankenstein brings a creature to life and then abandons it in horror. Rejected by nearly everyone it meets, the eloquent creature turns its anguish into revenge on its maker.",
  },
  {
    title: "Dracula", author: "Bram Stoker", year: 1897, language: "en",
    categories: ["Horror", "Gothic"], pageCount: 418, ageGroupFine: "adult", themes: ["fear", "evil", "modernity"],
    description: "Through letters, diaries and newspaper cuttings, a band of friends led by Professor Van Helsing pieces together the threat of Count Dracula, who travels from Transylvania to England in search of new victims.",
  },
  {
    title: "Strange Case of Dr Jekyll and Mr Hyde", author: "Robert Louis Stevenson", year: 1886, language: "en",
    categories: ["Horror", "Gothic"], pageCount: 96, ageGroupFine: "adult", themes: ["duality", "morality", "repression"],
    description: "The London lawyer Utterson investigates the link between his respected friend Dr Jekyll and the brutal Mr Hyde, whose violence shocks the city. The answer became a byword for the divided self.",
  },
  {
    title: "The Castle of Otranto", author: "Horace Walpole", year: 1764, language: "en",
    categories: ["Fiction", "Gothic"], pageCount: 128, ageGroupFine: "adult", themes: ["usurpation", "prophecy", "the supernatural"],
    description: "Manfred, prince of Otranto, grows desperate to secure his line after his son is crushed by a gigantic helmet. Often called the first gothic novel, it set the template of castles, curses and imperilled heroines.",
  },
  {
    title: "The Mysteries of Udolpho", author: "Ann Radcliffe", year: 1794, language: "en",
    categories: ["Fiction", "Gothic"], pageCount: 704, ageGroupFine: "adult", themes: ["terror", "sensibility", "imagination"],
    description: "Orphaned Emily St. Aubert is carried off to the gloomy Apennine castle of Udolpho by the sinister Montoni. Radcliffe's suspense builds through half-glimpsed terrors that are ultimately explained.",
  },
  {
    title: "The Monk", author: "Matthew Lewis", year: 1796, language: "en",
    categories: ["Fiction", "Gothic", "Horror"], pageCount: 448, ageGroupFine: "adult", themes: ["temptation", "hypocrisy", "damnation"],
    description: "Ambrosio, a revered Capuchin abbot in Madrid, is tempted by a novice who turns out to be a woman, and his fall leads through crime and sorcery to damnation. A scandalous gothic bestseller.",
  },
  {
    title: "Carmilla", author: "Sheridan Le Fanu", year: 1872, language: "en",
    categories: ["Horror", "Gothic"], pageCount: 108, ageGroupFine: "adult", themes: ["desire", "predation", "isolation"],
    description: "In a lonely castle in Styria, young Laura welcomes a mysterious girl named Carmilla as a companion and soon falls into a strange, wasting illness. This vampire novella predates Dracula by a quarter of a century.",
  },
  {
    title: "The Fall of the House of Usher", author: "Edgar Allan Poe", year: 1839, language: "en",
    categories: ["Horror", "Short Stories"], pageCount: 48, ageGroupFine: "adult", themes: ["madness", "decay", "family"],
    description: "A narrator visits his childhood friend Roderick Usher in a crumbling mansion, where Roderick and his twin sister Madeline suffer from mysterious ailments. Poe's tale of mounting dread ends in collapse.",
  },
  {
    title: "The Turn of the Screw", author: "Henry James", year: 1898, language: "en",
    categories: ["Horror", "Gothic"], pageCount: 120, ageGroupFine: "adult", themes: ["ghosts", "innocence", "ambiguity"],
    description: "A young governess at a remote English country house becomes convinced that the ghosts of two former servants are stalking the children in her care. Whether the spirits are real is left hauntingly open.",
  },
  {
    title: "The Great God Pan", author: "Arthur Machen", year: 1894, language: "en",
    categories: ["Horror"], pageCount: 96, ageGroupFine: "adult", themes: ["forbidden knowledge", "science", "the supernatural"],
    description: "A doctor's experiment on a young woman's brain lets her glimpse the god Pan, with devastating results. Years later, a string of suicides among London gentlemen leads back to a mysterious woman.",
  },
  {
    title: "The King in Yellow", author: "Robert W. Chambers", year: 1895, language: "en",
    categories: ["Horror", "Short Stories"], pageCount: 240, ageGroupFine: "adult", themes: ["madness", "art", "the supernatural"],
    description: "Linked stories circle around a forbidden play, The King in Yellow, that drives its readers mad. Its unsettling, half-told mythology later inspired H. P. Lovecraft and many other writers of weird fiction.",
  },
  {
    title: "The Call of Cthulhu", author: "H. P. Lovecraft", year: 1928, language: "en",
    categories: ["Horror", "Short Stories"], pageCount: 48, ageGroupFine: "adult", themes: ["cosmic horror", "forbidden knowledge", "madness"],
    description: "Papers left by a dead professor lead his grand-nephew to a worldwide cult and to the sunken city where the ancient being Cthulhu lies dreaming. A defining tale of cosmic horror.",
  },
  {
    title: "The Phantom of the Opera", author: "Gaston Leroux", year: 1910, language: "en",
    categories: ["Fiction", "Gothic", "Mystery"], pageCount: 368, ageGroupFine: "adult", themes: ["obsession", "music", "disfigurement"],
    description: "Beneath the Paris Opera House lives a masked musical genius who coaches the young soprano Christine Daaé and terrorises the management. His love for her turns dangerous.",
  },
  // ── Mystery and thrillers ────────────────────────────────────────────────────
  {
    title: "The Moonstone", author: "Wilkie Collins", year: 1868, language: "en",
    categories: ["Mystery"], pageCount: 528, ageGroupFine: "adult", themes: ["theft", "colonialism", "obsession"],
    description: "A sacred Indian diamond, looted during a siege, is given to Rachel Verinder on her eighteenth birthday and vanishes that night. Told by several narrators, it is often called one of the first English detective novels.",
  },
  {
    title: "The Woman in White", author: "Wilkie Collins", year: 1860, language: "en",
    categories: ["Mystery", "Thriller"], pageCount: 672, ageGroupFine: "adult", themes: ["identity", "deception", "marriage"],
    description: "Drawing master Walter Hartright meets a strange woman dressed in white on a moonlit road, and is soon drawn into a conspiracy to steal the fortune, and the very identity, of his pupil Laura Fairlie.",
  },
  {
    title: "A Study in Scarlet", author: "Arthur Conan Doyle", year: 1887, language: "en",
    categories: ["Mystery"], pageCount: 128, ageGroupFine: "young_adult", themes: ["deduction", "revenge", "friendship"],
    description: "Dr Watson, back from Afghanistan, takes lodgings with the eccentric Sherlock Holmes. Their first case together, a murder in an empty house in Brixton, leads back to a story of revenge in the American West.",
  },
  {
    title: "The Sign of the Four", author: "Arthur Conan Doyle", year: 1890, language: "en",
    categories: ["Mystery"], pageCount: 160, ageGroupFine: "young_adult", themes: ["greed", "treasure", "deduction"],
    description: "Mary Morstan brings Holmes the puzzle of the pearls mailed to her each year by an anonymous sender. The trail leads to a stolen Indian treasure, a locked-room murder and a chase along the Thames.",
  },
  {
    title: "The Adventures of Sherlock Holmes", author: "Arthur Conan Doyle", year: 1892, language: "en",
    categories: ["Mystery", "Short Stories"], pageCount: 307, ageGroupFine: "young_adult", themes: ["deduction", "justice", "london"],
    description: "Twelve stories of Holmes and Watson, including 'A Scandal in Bohemia', 'The Red-Headed League' and 'The Speckled Band', show the detective's powers of observation at their most entertaining.",
  },
  {
    title: "The Hound of the Baskervilles", author: "Arthur Conan Doyle", year: 1902, language: "en",
    categories: ["Mystery"], pageCount: 256, ageGroupFine: "young_adult", themes: ["superstition", "reason", "inheritance"],
    description: "Holmes and Watson investigate the death of Sir Charles Baskerville on Dartmoor, where the legend of a spectral hound haunts his family. Reason is pitted against superstition on the foggy moor.",
  },
  {
    title: "The Innocence of Father Brown", author: "G. K. Chesterton", year: 1911, language: "en",
    categories: ["Mystery", "Short Stories"], pageCount: 256, ageGroupFine: "adult", themes: ["faith", "reason", "human nature"],
    description: "A modest Catholic priest solves crimes by understanding sinners rather than by collecting clues. These twelve stories include 'The Blue Cross', in which he first crosses paths with the master thief Flambeau.",
  },
  {
    title: "The Man Who Was Thursday", author: "G. K. Chesterton", year: 1908, language: "en",
    categories: ["Thriller", "Fiction"], pageCount: 192, ageGroupFine: "adult", themes: ["anarchy", "order", "identity"],
    description: "A poet turned undercover detective infiltrates a council of anarchists, each code-named after a day of the week. Chesterton's fast, surreal thriller gradually becomes something closer to a metaphysical dream.",
  },
  {
    title: "The Leavenworth Case", author: "Anna Katharine Green", year: 1878, language: "en",
    categories: ["Mystery"], pageCount: 352, ageGroupFine: "adult", themes: ["inheritance", "deception", "justice"],
    description: "When a wealthy retired New York merchant is found shot in his library, suspicion falls on the two nieces who live with him, one of whom stands to inherit everything. A bestselling early American detective novel.",
  },
  {
    title: "The Big Bow Mystery", author: "Israel Zangwill", year: 1892, language: "en",
    categories: ["Mystery"], pageCount: 160, ageGroupFine: "adult", themes: ["deduction", "locked room", "politics"],
    description: "A young idealist is found with his throat cut in a bedroom locked from the inside, in the East London district of Bow. Zangwill's short novel is one of the earliest full-length locked-room mysteries.",
  },
  {
    title: "The Thinking Machine", author: "Jacques Futrelle", year: 1907, language: "en",
    categories: ["Mystery", "Short Stories"], pageCount: 224, ageGroupFine: "adult", themes: ["logic", "deduction", "wagers"],
    description: "Professor Augustus S. F. X. Van Dusen, known as the Thinking Machine, solves baffling cases by pure logic, beginning with his wager that he can escape from a locked prison cell within a week.",
  },
  {
    title: "The Mystery of the Yellow Room", author: "Gaston Leroux", year: 1907, language: "en",
    categories: ["Mystery"], pageCount: 256, ageGroupFine: "adult", themes: ["locked room", "deduction", "identity"],
    description: "Mathilde Stangerson is attacked in a room locked from the inside at her father's chateau, and her attacker seems to have vanished. The young reporter Joseph Rouletabille takes on the impossible case.",
  },
  {
    title: "Arsène Lupin, Gentleman Burglar", author: "Maurice Leblanc", year: 1907, language: "en",
    categories: ["Mystery", "Short Stories"], pageCount: 224, ageGroupFine: "young_adult", themes: ["disguise", "wit", "crime"],
    description: "Stories of the charming, audacious thief Arsène Lupin, a master of disguise who robs the rich with wit and style, and who even crosses paths with a famous English detective.",
  },
  {
    title: "The Thirty-Nine Steps", author: "John Buchan", year: 1915, language: "en",
    categories: ["Thriller", "Adventure"], pageCount: 128, ageGroupFine: "adult", themes: ["espionage", "pursuit", "patriotism"],
    description: "Richard Hannay, bored in London after years in Africa, is told of a plot against Britain by a neighbour who is then murdered in his flat. Suspected of the killing, Hannay flees across the Scottish moors.",
  },
  {
    title: "The Riddle of the Sands", author: "Erskine Childers", year: 1903, language: "en",
    categories: ["Thriller", "Adventure"], pageCount: 336, ageGroupFine: "adult", themes: ["espionage", "sailing", "invasion"],
    description: "Two Englishmen sailing a small yacht among the Frisian Islands stumble on German preparations that could threaten Britain. A pioneering spy novel full of tides, sandbanks and slow-building suspense.",
  },
  // ── Adventure ────────────────────────────────────────────────────────────────
  {
    title: "Treasure Island", author: "Robert Louis Stevenson", year: 1883, language: "en",
    categories: ["Adventure", "Children's"], pageCount: 292, ageGroupFine: "middle_grade", themes: ["adventure", "greed", "courage"],
    description: "Young Jim Hawkins finds a pirate's treasure map and sails on the Hispaniola to find the hoard, only to learn that the charming one-legged cook, Long John Silver, is plotting mutiny.",
  },
  {
    title: "Kidnapped", author: "Robert Louis Stevenson", year: 1886, language: "en",
    categories: ["Adventure", "Historical Fiction"], pageCount: 288, ageGroupFine: "young_adult", themes: ["loyalty", "adventure", "scotland"],
    description: "Orphaned David Balfour is cheated by his miserly uncle and kidnapped aboard a ship bound for the Carolinas. Shipwrecked, he flees across the Scottish Highlands with the Jacobite Alan Breck Stewart after a political murder.",
  },
  {
    title: "The Scarlet Pimpernel", author: "Baroness Orczy", year: 1905, language: "en",
    categories: ["Adventure", "Historical Fiction"], pageCount: 272, ageGroupFine: "young_adult", themes: ["disguise", "courage", "revolution"],
    description: "During the Reign of Terror, a mysterious Englishman known only as the Scarlet Pimpernel smuggles French aristocrats away from the guillotine, while Lady Marguerite Blakeney suspects nothing of her foppish husband.",
  },
  {
    title: "The Prisoner of Zenda", author: "Anthony Hope", year: 1894, language: "en",
    categories: ["Adventure"], pageCount: 192, ageGroupFine: "young_adult", themes: ["duty", "honour", "identity"],
    description: "An English gentleman visiting the small kingdom of Ruritania must impersonate its abducted king, his distant cousin and double, to foil a usurper, and falls in love with the princess promised to the king.",
  },
  {
    title: "King Solomon's Mines", author: "H. Rider Haggard", year: 1885, language: "en",
    categories: ["Adventure"], pageCount: 256, ageGroupFine: "young_adult", themes: ["exploration", "treasure", "adventure"],
    description: "The hunter Allan Quatermain guides Sir Henry Curtis and Captain Good into the African interior in search of Sir Henry's lost brother and the legendary diamond mines of King Solomon.",
  },
  {
    title: "She", author: "H. Rider Haggard", year: 1887, language: "en",
    categories: ["Adventure", "Fantasy"], pageCount: 317, ageGroupFine: "adult", themes: ["immortality", "power", "love"],
    description: "The Cambridge scholar Horace Holly and his ward Leo travel into the African interior and find a lost kingdom ruled by Ayesha, an immortal queen who has waited two thousand years for her dead love to return.",
  },
  {
    title: "Ivanhoe", author: "Walter Scott", year: 1819, language: "en",
    categories: ["Adventure", "Historical Fiction"], pageCount: 544, ageGroupFine: "adult", themes: ["chivalry", "prejudice", "loyalty"],
    description: "In twelfth-century England, the disinherited knight Wilfred of Ivanhoe returns from the Crusades amid strife between Saxons and Normans, and champions the Jewish healer Rebecca when she is accused of witchcraft.",
  },
  {
    title: "Moonfleet", author: "J. Meade Falkner", year: 1898, language: "en",
    categories: ["Adventure"], pageCount: 256, ageGroupFine: "young_adult", themes: ["smuggling", "treasure", "friendship"],
    description: "In an eighteenth-century Dorset village, the orphan John Trenchard falls in with smugglers led by the innkeeper Elzevir Block, and hunts for the lost diamond of the notorious Colonel Mohune.",
  },
  {
    title: "Captain Blood", author: "Rafael Sabatini", year: 1922, language: "en",
    categories: ["Adventure", "Historical Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["justice", "piracy", "honour"],
    description: "Peter Blood, an Irish physician convicted of treason for treating a wounded rebel, is transported to Barbados as a slave, escapes and becomes a feared but honourable pirate captain.",
  },
  {
    title: "Beau Geste", author: "P. C. Wren", year: 1924, language: "en",
    categories: ["Adventure"], pageCount: 416, ageGroupFine: "adult", themes: ["brotherhood", "honour", "sacrifice"],
    description: "When a priceless sapphire vanishes from their aunt's home, three English brothers each slip away to join the French Foreign Legion. A tale of brotherhood, sacrifice and a mysterious desert fort.",
  },
  {
    title: "The Call of the Wild", author: "Jack London", year: 1903, language: "en",
    categories: ["Adventure"], pageCount: 128, ageGroupFine: "young_adult", themes: ["survival", "nature", "instinct"],
    description: "Buck, a pampered dog stolen from a California estate, is sold as a sled dog during the Klondike Gold Rush. Hardship awakens his ancestral instincts until the wild calls him away from human company.",
  },
  {
    title: "White Fang", author: "Jack London", year: 1906, language: "en",
    categories: ["Adventure"], pageCount: 256, ageGroupFine: "young_adult", themes: ["nature", "taming", "survival"],
    description: "Part wolf and part dog, White Fang grows up in the harsh Yukon, is brutalised by a cruel owner who makes him fight, and is finally gentled by a man who shows him kindness.",
  },
  {
    title: "The Sea-Wolf", author: "Jack London", year: 1904, language: "en",
    categories: ["Adventure"], pageCount: 352, ageGroupFine: "adult", themes: ["power", "survival", "philosophy"],
    description: "After a ferry wreck in San Francisco Bay, the literary gentleman Humphrey van Weyden is picked up by a sealing schooner commanded by the brutal, brilliant Wolf Larsen and forced to work as a sailor.",
  },
  {
    title: "Around the World in Eighty Days", author: "Jules Verne", year: 1872, language: "en",
    categories: ["Adventure"], pageCount: 224, ageGroupFine: "young_adult", themes: ["travel", "punctuality", "adventure"],
    description: "The precise English gentleman Phileas Fogg wagers his fortune that he can circle the globe in eighty days. With his French valet Passepartout, and a detective on their trail, he races by steamer, train and elephant.",
  },
  {
    title: "Twenty Thousand Leagues Under the Sea", author: "Jules Verne", year: 1870, language: "en",
    categories: ["Science Fiction", "Adventure"], pageCount: 432, ageGroupFine: "young_adult", themes: ["exploration", "technology", "freedom"],
    description: "Professor Aronnax, his servant Conseil and the harpooner Ned Land are taken prisoner by the mysterious Captain Nemo and carried through the world's oceans aboard his submarine, the Nautilus.",
  },
  {
    title: "Journey to the Centre of the Earth", author: "Jules Verne", year: 1864, language: "en",
    categories: ["Science Fiction", "Adventure"], pageCount: 240, ageGroupFine: "young_adult", themes: ["exploration", "science", "curiosity"],
    description: "Professor Lidenbrock deciphers an old runic message and, with his nephew Axel and the guide Hans, descends through an Icelandic volcano into a world of underground seas and prehistoric creatures.",
  },
  {
    title: "The Lost World", author: "Arthur Conan Doyle", year: 1912, language: "en",
    categories: ["Adventure", "Science Fiction"], pageCount: 256, ageGroupFine: "young_adult", themes: ["exploration", "science", "adventure"],
    description: "The irascible Professor Challenger leads an expedition to a remote South American plateau where dinosaurs and ape-men have survived. The young journalist Ned Malone tells the story.",
  },
  {
    title: "Tarzan of the Apes", author: "Edgar Rice Burroughs", year: 1912, language: "en",
    categories: ["Adventure"], pageCount: 288, ageGroupFine: "young_adult", themes: ["nature", "identity", "civilisation"],
    description: "Orphaned in the West African jungle, the son of an English lord is raised by apes. Teaching himself to read from his dead parents' books, Tarzan meets people of his own kind when a party of castaways arrives.",
  },
  // ── Science fiction and utopias ──────────────────────────────────────────────
  {
    title: "A Princess of Mars", author: "Edgar Rice Burroughs", year: 1912, language: "en",
    categories: ["Science Fiction", "Adventure"], pageCount: 192, ageGroupFine: "young_adult", themes: ["adventure", "honour", "war"],
    description: "The Confederate veteran John Carter is mysteriously transported to Mars, called Barsoom by its people, where the lighter gravity makes him a mighty warrior. He fights to save the princess Dejah Thoris.",
  },
  {
    title: "The Time Machine", author: "H. G. Wells", year: 1895, language: "en",
    categories: ["Science Fiction"], pageCount: 118, ageGroupFine: "adult", themes: ["time", "class", "evolution"],
    description: "A Victorian inventor travels to the year 802,701 and finds humanity split into the gentle, childlike Eloi and the subterranean Morlocks. A founding work of time-travel fiction and a pointed social parable.",
  },
  {
    title: "The War of the Worlds", author: "H. G. Wells", year: 1898, language: "en",
    categories: ["Science Fiction"], pageCount: 192, ageGroupFine: "adult", themes: ["invasion", "survival", "imperialism"],
    description: "Martians land in Surrey in great cylinders and lay waste to southern England with heat-rays and black smoke, while the narrator struggles to survive. One of the first alien-invasion stories, and still one of the best.",
  },
  {
    title: "The Invisible Man", author: "H. G. Wells", year: 1897, language: "en",
    categories: ["Science Fiction"], pageCount: 160, ageGroupFine: "adult", themes: ["science", "isolation", "power"],
    description: "A bandaged stranger takes a room at a village inn in Sussex. He is Griffin, a scientist who has made himself invisible but cannot reverse the process, and his frustration turns to a reign of terror.",
  },
  {
    title: "The Island of Doctor Moreau", author: "H. G. Wells", year: 1896, language: "en",
    categories: ["Science Fiction", "Horror"], pageCount: 160, ageGroupFine: "adult", themes: ["science", "ethics", "cruelty"],
    description: "Shipwrecked Edward Prendick lands on a remote island where the exiled vivisectionist Dr Moreau surgically turns animals into human-like beings, who are kept in line by a grim recited Law.",
  },
  {
    title: "We", author: "Yevgeny Zamyatin", year: 1924, language: "en",
    categories: ["Science Fiction"], pageCount: 226, ageGroupFine: "adult", themes: ["totalitarianism", "freedom", "individuality"],
    description: "In a glass-walled future state where citizens are numbers and every hour is scheduled, the engineer D-503 keeps a journal that changes as he is drawn to the rebellious I-330. An early dystopia that shaped the genre.",
  },
  {
    title: "Herland", author: "Charlotte Perkins Gilman", year: 1915, language: "en",
    categories: ["Science Fiction", "Satire"], pageCount: 146, ageGroupFine: "adult", themes: ["utopia", "gender", "society"],
    description: "Three American explorers stumble on a hidden country populated entirely by women, who have built a peaceful, cooperative society over two thousand years. Their assumptions about gender are overturned one by one.",
  },
  {
    title: "Flatland: A Romance of Many Dimensions", author: "Edwin A. Abbott", year: 1884, language: "en",
    categories: ["Science Fiction", "Satire"], pageCount: 96, ageGroupFine: "adult", themes: ["dimensions", "hierarchy", "perception"],
    description: "A Square living in a two-dimensional world is visited by a Sphere and comes to grasp the third dimension, to the alarm of his rigidly hierarchical society. A mathematical fantasy and a satire of Victorian class.",
  },
  {
    title: "Looking Backward: 2000–1887", author: "Edward Bellamy", year: 1888, language: "en",
    categories: ["Science Fiction"], pageCount: 240, ageGroupFine: "adult", themes: ["utopia", "socialism", "progress"],
    description: "Julian West falls into a hypnotic sleep in 1887 Boston and wakes in the year 2000 to find a cooperative society without poverty or class conflict. One of the most popular utopian novels of its day.",
  },
  {
    title: "Erewhon", author: "Samuel Butler", year: 1872, language: "en",
    categories: ["Fiction", "Satire"], pageCount: 256, ageGroupFine: "adult", themes: ["satire", "machines", "morality"],
    description: "A traveller crosses a mountain range into the hidden land of Erewhon, where illness is punished as a crime, crime is treated like illness, and machines were long ago banned for fear they might evolve.",
  },
  {
    title: "News from Nowhere", author: "William Morris", year: 1890, language: "en",
    categories: ["Fiction", "Science Fiction"], pageCount: 240, ageGroupFine: "adult", themes: ["utopia", "socialism", "craft"],
    description: "A socialist falls asleep in Victorian London and wakes in a future England without money, property or central government, where people work for pleasure. He journeys up the Thames through this pastoral utopia.",
  },
  {
    title: "Sultana's Dream", author: "Rokeya Sakhawat Hossain", year: 1905, language: "en",
    categories: ["Science Fiction", "Short Stories"], pageCount: 48, ageGroupFine: "adult", themes: ["utopia", "gender", "science"],
    description: "A woman dreams of Ladyland, a peaceful, technologically advanced country where women run society and men are kept in seclusion. An early feminist utopia written in English by a Bengali reformer.",
  },
  // ── Children's books ─────────────────────────────────────────────────────────
  {
    title: "The Tale of Peter Rabbit", author: "Beatrix Potter", year: 1902, language: "en",
    categories: ["Children's", "Picture Book"], pageCount: 64, ageGroupFine: "early_reader", themes: ["mischief", "disobedience", "safety"],
    description: "Disobeying his mother, naughty Peter Rabbit squeezes under the gate into Mr McGregor's garden, eats far too many vegetables and has a narrow escape, losing his jacket and shoes along the way.",
  },
  {
    title: "The Tale of Squirrel Nutkin", author: "Beatrix Potter", year: 1903, language: "en",
    categories: ["Children's", "Picture Book"], pageCount: 64, ageGroupFine: "early_reader", themes: ["cheekiness", "consequences", "nature"],
    description: "While his brother and cousins politely gather nuts on Owl Island and bring presents to Old Brown the owl, cheeky Nutkin teases him with impertinent riddles and rhymes, until the owl loses his patience.",
  },
  {
    title: "The Tale of Benjamin Bunny", author: "Beatrix Potter", year: 1904, language: "en",
    categories: ["Children's", "Picture Book"], pageCount: 64, ageGroupFine: "early_reader", themes: ["friendship", "courage", "family"],
    description: "Peter Rabbit's cousin Benjamin persuades him to sneak back into Mr McGregor's garden to fetch the clothes he lost there, now worn by a scarecrow. A cat turns the trip into quite an adventure.",
  },
  {
    title: "The Tale of Jemima Puddle-Duck", author: "Beatrix Potter", year: 1908, language: "en",
    categories: ["Children's", "Picture Book"], pageCount: 64, ageGroupFine: "early_reader", themes: ["trust", "motherhood", "deception"],
    description: "Jemima, a farm duck who longs to hatch her own eggs, is charmed by a polite gentleman with black whiskers and a bushy tail who offers her a quiet place to nest. Luckily the farm collie grows suspicious.",
  },
  {
    title: "Just So Stories", author: "Rudyard Kipling", year: 1902, language: "en",
    categories: ["Children's", "Short Stories"], pageCount: 128, ageGroupFine: "early_reader", themes: ["origins", "humour", "curiosity"],
    description: "Playful tales, first told to Kipling's own children, explain how the whale got his throat, how the leopard got his spots and how the elephant got his trunk, in language made for reading aloud.",
  },
  {
    title: "The Velveteen Rabbit", author: "Margery Williams", year: 1922, language: "en",
    categories: ["Children's", "Picture Book"], pageCount: 48, ageGroupFine: "early_reader", themes: ["love", "toys", "becoming real"],
    description: "A stuffed rabbit, given to a boy as a Christmas present, learns from the wise old Skin Horse that toys become Real when they are truly loved, and finds out what that costs and what it brings.",
  },
  {
    title: "A Child's Garden of Verses", author: "Robert Louis Stevenson", year: 1885, language: "en",
    categories: ["Poetry", "Children's"], pageCount: 96, ageGroupFine: "early_reader", themes: ["childhood", "imagination", "play"],
    description: "Stevenson's poems capture childhood from the inside: shadows, bedtime, swings, rainy days and the Land of Counterpane. Simple, musical rhymes that have been read aloud for well over a century.",
  },
  {
    title: "A Book of Nonsense", author: "Edward Lear", year: 1846, language: "en",
    categories: ["Poetry", "Children's", "Humour"], pageCount: 112, ageGroupFine: "early_reader", themes: ["nonsense", "humour", "wordplay"],
    description: "Lear's collection of comic limericks, each with his own drawing, is peopled by old men with birds nesting in their beards and other absurd characters. It did much to popularise the limerick.",
  },
  {
    title: "Raggedy Ann Stories", author: "Johnny Gruelle", year: 1918, language: "en",
    categories: ["Children's"], pageCount: 96, ageGroupFine: "early_reader", themes: ["kindness", "toys", "friendship"],
    description: "A rag doll with a shoe-button smile and a candy heart leads the nursery dolls in gentle adventures whenever the people of the house are out of sight.",
  },
  {
    title: "Alice's Adventures in Wonderland", author: "Lewis Carroll", year: 1865, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 128, ageGroupFine: "middle_grade", themes: ["curiosity", "nonsense", "growing up"],
    description: "Alice follows a White Rabbit down a rabbit hole into a world where she shrinks and grows, attends a mad tea party and plays croquet with flamingos for the furious Queen of Hearts.",
  },
  {
    title: "Through the Looking-Glass, and What Alice Found There", author: "Lewis Carroll", year: 1871, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 128, ageGroupFine: "middle_grade", themes: ["logic", "nonsense", "chess"],
    description: "Alice climbs through a mirror into a land laid out like a chessboard, where she meets Tweedledum and Tweedledee, Humpty Dumpty and the White Knight on her way to becoming a queen.",
  },
  {
    title: "The Wonderful Wizard of Oz", author: "L. Frank Baum", year: 1900, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 176, ageGroupFine: "middle_grade", themes: ["home", "courage", "friendship"],
    description: "A Kansas cyclone carries Dorothy and her dog Toto to the land of Oz, where she follows the yellow brick road with a Scarecrow, a Tin Woodman and a Cowardly Lion to ask the great Wizard for help getting home.",
  },
  {
    title: "The Marvelous Land of Oz", author: "L. Frank Baum", year: 1904, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 176, ageGroupFine: "middle_grade", themes: ["identity", "power", "friendship"],
    description: "A boy named Tip escapes the witch Mombi with Jack Pumpkinhead, a figure he built himself, and joins the Scarecrow in resisting General Jinjur's army of girls, which has seized the Emerald City.",
  },
  {
    title: "The Jungle Book", author: "Rudyard Kipling", year: 1894, language: "en",
    categories: ["Children's", "Short Stories"], pageCount: 224, ageGroupFine: "middle_grade", themes: ["belonging", "law", "nature"],
    description: "Mowgli, a boy raised by wolves in the Indian jungle, learns the jungle's law from Baloo the bear and Bagheera the panther while the tiger Shere Khan hunts him. The book also includes 'Rikki-Tikki-Tavi'.",
  },
  {
    title: "The Railway Children", author: "E. Nesbit", year: 1906, language: "en",
    categories: ["Children's"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["family", "kindness", "resilience"],
    description: "When their father is mysteriously taken away, Roberta, Peter and Phyllis move with their mother to a cottage beside a railway line, where they wave at trains, prevent an accident and make a powerful friend.",
  },
  {
    title: "Five Children and It", author: "E. Nesbit", year: 1902, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["wishes", "consequences", "siblings"],
    description: "Five siblings digging in a gravel pit discover the Psammead, a grumpy sand-fairy that grants one wish a day. Every wish goes wrong in a new and comic way before the sun sets and the magic wears off.",
  },
  {
    title: "The Story of the Treasure Seekers", author: "E. Nesbit", year: 1899, language: "en",
    categories: ["Children's", "Humour"], pageCount: 224, ageGroupFine: "middle_grade", themes: ["family", "imagination", "money"],
    description: "The six Bastable children, whose widowed father's business is failing, try scheme after scheme to restore the family fortunes, from digging for treasure to selling poems to a newspaper, narrated by a not-very-anonymous Oswald.",
  },
  {
    title: "Grimms' Fairy Tales", author: "Jacob and Wilhelm Grimm", year: 1812, language: "en",
    categories: ["Children's", "Folklore"], pageCount: 320, ageGroupFine: "middle_grade", themes: ["folklore", "good and evil", "cunning"],
    description: "The brothers' collection of German folk tales, first published as Children's and Household Tales, includes Hansel and Gretel, Rapunzel, Snow White and Rumpelstiltskin, often darker than later retellings.",
  },
  {
    title: "Andersen's Fairy Tales", author: "Hans Christian Andersen", year: 1835, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 288, ageGroupFine: "middle_grade", themes: ["wonder", "kindness", "transformation"],
    description: "Andersen's literary fairy tales, among them The Ugly Duckling, The Little Mermaid, The Snow Queen and The Emperor's New Clothes, blend wonder and humour with a streak of melancholy.",
  },
  {
    title: "The Blue Fairy Book", author: "Andrew Lang", year: 1889, language: "en",
    categories: ["Children's", "Folklore"], pageCount: 352, ageGroupFine: "middle_grade", themes: ["folklore", "magic", "adventure"],
    description: "The first of Lang's coloured fairy books gathers tales from many traditions, including Cinderella, Aladdin, Beauty and the Beast and East of the Sun and West of the Moon.",
  },
  {
    title: "The Happy Prince and Other Tales", author: "Oscar Wilde", year: 1888, language: "en",
    categories: ["Children's", "Short Stories"], pageCount: 112, ageGroupFine: "middle_grade", themes: ["compassion", "sacrifice", "beauty"],
    description: "Five fairy tales, including 'The Happy Prince', in which a jewelled statue and a swallow give his riches away to the city's poor, and 'The Selfish Giant'. Bittersweet stories for children and adults alike.",
  },
  {
    title: "Peter Pan", author: "J. M. Barrie", year: 1911, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 192, ageGroupFine: "middle_grade", themes: ["childhood", "imagination", "growing up"],
    description: "Peter Pan, the boy who won't grow up, flies Wendy Darling and her brothers to Neverland, home of the Lost Boys, mermaids and the villainous Captain Hook. Barrie's novel was first published as Peter and Wendy.",
  },
  {
    title: "The Wind in the Willows", author: "Kenneth Grahame", year: 1908, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 224, ageGroupFine: "middle_grade", themes: ["friendship", "home", "nature"],
    description: "Mole abandons his spring cleaning for a riverside life with Ratty, the wise Badger and the reckless, motor-car-mad Mr Toad, whose escapades land him in prison. A gentle celebration of friendship and the countryside.",
  },
  {
    title: "The Secret Garden", author: "Frances Hodgson Burnett", year: 1911, language: "en",
    categories: ["Children's"], pageCount: 288, ageGroupFine: "middle_grade", themes: ["healing", "nature", "friendship"],
    description: "Spoiled, lonely Mary Lennox is sent from India to her uncle's gloomy Yorkshire manor, where she discovers a locked, neglected garden and her bedridden cousin Colin. Bringing the garden back to life transforms them both.",
  },
  {
    title: "A Little Princess", author: "Frances Hodgson Burnett", year: 1905, language: "en",
    categories: ["Children's"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["resilience", "imagination", "kindness"],
    description: "Sara Crewe, the pampered star pupil of Miss Minchin's London boarding school, is reduced to a servant when her father dies apparently penniless. She keeps her dignity by imagining herself a princess.",
  },
  {
    title: "Little Lord Fauntleroy", author: "Frances Hodgson Burnett", year: 1886, language: "en",
    categories: ["Children's"], pageCount: 208, ageGroupFine: "middle_grade", themes: ["kindness", "family", "class"],
    description: "Cedric Errol, a cheerful boy living modestly in New York with his mother, learns that he is heir to an English earldom. His open-hearted goodness gradually softens his grandfather, a bitter old earl.",
  },
  {
    title: "Anne of Green Gables", author: "L. M. Montgomery", year: 1908, language: "en",
    categories: ["Children's", "Fiction"], pageCount: 320, ageGroupFine: "middle_grade", themes: ["belonging", "imagination", "friendship"],
    description: "Elderly siblings Matthew and Marilla Cuthbert send for an orphan boy to help on their Prince Edward Island farm and receive instead Anne Shirley, a red-haired, talkative girl with a boundless imagination.",
  },
  {
    title: "Black Beauty", author: "Anna Sewell", year: 1877, language: "en",
    categories: ["Children's", "Fiction"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["animal welfare", "kindness", "cruelty"],
    description: "A handsome black horse tells his own life story, from a happy youth in the country through kind and cruel owners to hard labour as a London cab horse. Sewell wrote it to promote the humane treatment of horses.",
  },
  {
    title: "Heidi", author: "Johanna Spyri", year: 1880, language: "en",
    categories: ["Children's"], pageCount: 288, ageGroupFine: "middle_grade", themes: ["nature", "healing", "friendship"],
    description: "Orphaned Heidi is sent to live with her gruff grandfather high in the Swiss Alps, where she thrives. When she is taken to Frankfurt as companion to Clara, a girl who uses a wheelchair, she pines for the mountains.",
  },
  {
    title: "Le avventure di Pinocchio", author: "Carlo Collodi", year: 1883, language: "it",
    categories: ["Children's", "Fantasy"], pageCount: 208, ageGroupFine: "middle_grade", themes: ["honesty", "growing up", "consequences"],
    description: "The old woodcarver Geppetto carves a puppet who comes to life and promptly runs off into trouble. Pinocchio's nose grows when he lies, and only by learning kindness and responsibility can he become a real boy.",
  },
  {
    title: "Pollyanna", author: "Eleanor H. Porter", year: 1913, language: "en",
    categories: ["Children's"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["optimism", "gratitude", "community"],
    description: "Orphaned Pollyanna Whittier goes to live with her stern Aunt Polly in Vermont and brightens the whole town with her 'glad game', finding something to be glad about in everything, until her own optimism is tested.",
  },
  {
    title: "Rebecca of Sunnybrook Farm", author: "Kate Douglas Wiggin", year: 1903, language: "en",
    categories: ["Children's"], pageCount: 288, ageGroupFine: "middle_grade", themes: ["imagination", "education", "family"],
    description: "Spirited, imaginative Rebecca Randall leaves her family's struggling farm to live with two strict aunts in a Maine village, where her cheerfulness and love of words slowly win them over.",
  },
  {
    title: "The Swiss Family Robinson", author: "Johann David Wyss", year: 1812, language: "en",
    categories: ["Children's", "Adventure"], pageCount: 352, ageGroupFine: "middle_grade", themes: ["survival", "family", "ingenuity"],
    description: "A Swiss pastor, his wife and their four sons are shipwrecked on a tropical island and build a new life with salvaged tools, inventiveness and a famous house in a giant tree.",
  },
  {
    title: "Hans Brinker, or The Silver Skates", author: "Mary Mapes Dodge", year: 1865, language: "en",
    categories: ["Children's"], pageCount: 304, ageGroupFine: "middle_grade", themes: ["perseverance", "family", "honesty"],
    description: "In Holland, poor Hans Brinker and his sister Gretel dream of winning silver skates in a great race on the ice, while their family struggles to care for their father, injured years before.",
  },
  {
    title: "The Water-Babies", author: "Charles Kingsley", year: 1863, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 240, ageGroupFine: "middle_grade", themes: ["redemption", "nature", "morality"],
    description: "Tom, a young chimney sweep, falls into a river and is transformed into a water-baby, beginning a moral education among underwater creatures. A fantasy shaped by Victorian social concerns.",
  },
  {
    title: "The Princess and the Goblin", author: "George MacDonald", year: 1872, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 208, ageGroupFine: "middle_grade", themes: ["courage", "faith", "friendship"],
    description: "Princess Irene, living in a mountain castle, discovers her mysterious great-great-grandmother in a hidden tower room, while the miner boy Curdie uncovers a goblin plot beneath the mountain.",
  },
  {
    title: "At the Back of the North Wind", author: "George MacDonald", year: 1871, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 320, ageGroupFine: "middle_grade", themes: ["death", "kindness", "wonder"],
    description: "Diamond, a coachman's son in Victorian London, is befriended by the North Wind, a mysterious woman who carries him on night journeys. A tender, dreamlike fantasy about goodness and mortality.",
  },
  {
    title: "Bambi: A Life in the Woods", author: "Felix Salten", year: 1923, language: "en",
    categories: ["Children's", "Fiction"], pageCount: 192, ageGroupFine: "middle_grade", themes: ["nature", "growing up", "loss"],
    description: "A young deer grows up in the forest, learning from his mother and the solitary old stag the ways of the woods and the constant danger posed by Him, the human hunter.",
  },
  {
    title: "The Wonderful Adventures of Nils", author: "Selma Lagerlöf", year: 1906, language: "en",
    categories: ["Children's", "Fantasy"], pageCount: 384, ageGroupFine: "middle_grade", themes: ["nature", "geography", "kindness"],
    description: "Mischievous Nils is shrunk to the size of a thumb and flies across Sweden on the back of a farm goose travelling with wild geese. Lagerlöf wrote it as a geography reader for Swedish schoolchildren.",
  },
  {
    title: "The Coral Island", author: "R. M. Ballantyne", year: 1857, language: "en",
    categories: ["Children's", "Adventure"], pageCount: 272, ageGroupFine: "middle_grade", themes: ["survival", "friendship", "adventure"],
    description: "Ralph, Jack and Peterkin are shipwrecked on a Pacific island and live happily on its fruit and fish until pirates arrive. Ballantyne's boys' adventure later inspired darker reworkings such as Lord of the Flies.",
  },
  {
    title: "What Katy Did", author: "Susan Coolidge", year: 1872, language: "en",
    categories: ["Children's"], pageCount: 192, ageGroupFine: "middle_grade", themes: ["patience", "family", "growing up"],
    description: "Tomboyish, impulsive Katy Carr, eldest of six motherless children, dreams of doing great things. A serious accident confines her to bed, where she slowly learns patience and how to care for others.",
  },
  // ── Young adult ──────────────────────────────────────────────────────────────
  {
    title: "Anne of Avonlea", author: "L. M. Montgomery", year: 1909, language: "en",
    categories: ["Fiction"], pageCount: 304, ageGroupFine: "young_adult", themes: ["responsibility", "teaching", "community"],
    description: "At sixteen, Anne Shirley becomes teacher at the Avonlea school, helps Marilla raise a pair of orphaned twins and founds a village improvement society, with decidedly mixed results.",
  },
  {
    title: "Kim", author: "Rudyard Kipling", year: 1901, language: "en",
    categories: ["Fiction", "Adventure"], pageCount: 368, ageGroupFine: "young_adult", themes: ["identity", "spirituality", "espionage"],
    description: "Kim, an orphaned Irish boy living on the streets of Lahore, becomes the disciple of a Tibetan lama seeking a sacred river, and is recruited into British intelligence in the rivalry known as the Great Game.",
  },
  {
    title: "Daddy-Long-Legs", author: "Jean Webster", year: 1912, language: "en",
    categories: ["Fiction"], pageCount: 192, ageGroupFine: "young_adult", themes: ["education", "independence", "identity"],
    description: "Jerusha 'Judy' Abbott, raised in an orphan asylum, is sent to college by an anonymous trustee she has glimpsed only as a long, spidery shadow. Her lively letters to him trace her growth into a writer.",
  },
  {
    title: "A Girl of the Limberlost", author: "Gene Stratton-Porter", year: 1909, language: "en",
    categories: ["Fiction"], pageCount: 368, ageGroupFine: "young_adult", themes: ["nature", "education", "resilience"],
    description: "Elnora Comstock, poor and resented by her bitter widowed mother, pays her own way through high school by collecting moths in the Indiana swamp known as the Limberlost.",
  },
  {
    title: "Tom Brown's School Days", author: "Thomas Hughes", year: 1857, language: "en",
    categories: ["Fiction"], pageCount: 376, ageGroupFine: "young_adult", themes: ["school", "courage", "friendship"],
    description: "Tom Brown arrives at Rugby School under the headmaster Thomas Arnold, stands up to the bully Flashman and grows from a scrappy boy into a principled young man. A founding work of the school story.",
  },
  {
    title: "The Legend of Sleepy Hollow", author: "Washington Irving", year: 1820, language: "en",
    categories: ["Fiction", "Ghost Story", "Short Stories"], pageCount: 64, ageGroupFine: "young_adult", themes: ["superstition", "rivalry", "folklore"],
    description: "The lanky schoolmaster Ichabod Crane courts the heiress Katrina Van Tassel in a Hudson Valley village, until a lonely night ride home brings him face to face with the legendary Headless Horseman.",
  },
  // ── Poetry ───────────────────────────────────────────────────────────────────
  {
    title: "Shakespeare's Sonnets", author: "William Shakespeare", year: 1609, language: "en",
    categories: ["Poetry"], pageCount: 336, ageGroupFine: "adult", themes: ["love", "time", "beauty"],
    description: "A sequence of 154 sonnets addressed largely to a young man and to a mysterious 'dark lady', exploring love, desire, jealousy, ageing and the power of poetry to outlast time.",
  },
  {
    title: "Paradise Lost", author: "John Milton", year: 1667, language: "en",
    categories: ["Poetry"], pageCount: 464, ageGroupFine: "adult", themes: ["rebellion", "free will", "the fall"],
    description: "Milton's epic in blank verse retells the fall of humankind, from Satan's rebellion and expulsion from heaven to the temptation of Adam and Eve in the Garden of Eden and their departure into the world.",
  },
  {
    title: "Poems, Chiefly in the Scottish Dialect", author: "Robert Burns", year: 1786, language: "en",
    categories: ["Poetry"], pageCount: 240, ageGroupFine: "adult", themes: ["nature", "love", "scotland"],
    description: "Burns's first collection, known as the Kilmarnock Edition, made him famous with vivid poems in Scots about farm life, love and the follies of the powerful, among them 'To a Mouse'.",
  },
  {
    title: "Songs of Innocence and of Experience", author: "William Blake", year: 1794, language: "en",
    categories: ["Poetry"], pageCount: 96, ageGroupFine: "adult", themes: ["innocence", "experience", "society"],
    description: "Blake's illuminated poems set two contrary states of the soul side by side, pairing 'The Lamb' with 'The Tyger' and exposing child labour and social cruelty in the streets of London.",
  },
  {
    title: "Lyrical Ballads", author: "William Wordsworth and Samuel Taylor Coleridge", year: 1798, language: "en",
    categories: ["Poetry"], pageCount: 192, ageGroupFine: "adult", themes: ["nature", "ordinary life", "imagination"],
    description: "This joint collection, opening with Coleridge's 'Rime of the Ancient Mariner' and closing with Wordsworth's 'Tintern Abbey', set out to write poetry in the language of ordinary people and helped launch English Romanticism.",
  },
  {
    title: "Don Juan", author: "Lord Byron", year: 1819, language: "en",
    categories: ["Poetry", "Satire"], pageCount: 752, ageGroupFine: "adult", themes: ["satire", "love", "adventure"],
    description: "Byron's unfinished comic epic turns the legendary seducer into a young man more pursued than pursuing, carried from Spain through shipwreck, slavery, the Russian court and English high society.",
  },
  {
    title: "Lamia, Isabella, The Eve of St. Agnes, and Other Poems", author: "John Keats", year: 1820, language: "en",
    categories: ["Poetry"], pageCount: 160, ageGroupFine: "adult", themes: ["beauty", "mortality", "imagination"],
    description: "Keats's last collection, published the year before his death, sets narrative poems beside his great odes, including 'Ode to a Nightingale', 'Ode on a Grecian Urn' and 'To Autumn'.",
  },
  {
    title: "Eugene Onegin", author: "Alexander Pushkin", year: 1833, language: "en",
    categories: ["Poetry", "Fiction"], pageCount: 240, ageGroupFine: "adult", themes: ["love", "regret", "society"],
    description: "Pushkin's novel in verse follows the bored dandy Onegin, who rejects the earnest Tatyana's love and kills his friend Lensky in a duel, only to fall for her years later when she is married to another.",
  },
  {
    title: "Sonnets from the Portuguese", author: "Elizabeth Barrett Browning", year: 1850, language: "en",
    categories: ["Poetry"], pageCount: 64, ageGroupFine: "adult", themes: ["love", "devotion", "courtship"],
    description: "Forty-four love sonnets written during Elizabeth Barrett's secret courtship with the poet Robert Browning, including the famous sonnet that begins by asking how she loves him and sets out to count the ways.",
  },
  {
    title: "Aurora Leigh", author: "Elizabeth Barrett Browning", year: 1856, language: "en",
    categories: ["Poetry", "Fiction"], pageCount: 352, ageGroupFine: "adult", themes: ["vocation", "independence", "love"],
    description: "A novel in blank verse following Aurora, a young woman determined to become a poet, through her conflict with her cousin Romney, a philanthropist who believes that social reform matters more than art.",
  },
  {
    title: "Leaves of Grass", author: "Walt Whitman", year: 1855, language: "en",
    categories: ["Poetry"], pageCount: 464, ageGroupFine: "adult", themes: ["democracy", "the self", "nature"],
    description: "Whitman's expansive free-verse collection, which he revised and enlarged for the rest of his life, celebrates the self, the body, democracy and the American people, beginning with what became 'Song of Myself'.",
  },
  {
    title: "The Song of Hiawatha", author: "Henry Wadsworth Longfellow", year: 1855, language: "en",
    categories: ["Poetry"], pageCount: 192, ageGroupFine: "adult", themes: ["legend", "nature", "loss"],
    description: "Longfellow's long narrative poem, in a chanting trochaic metre, tells of the hero Hiawatha and his love Minnehaha, drawing loosely, and often inaccurately, on Ojibwe and other Native American legends.",
  },
  {
    title: "Les Fleurs du mal", author: "Charles Baudelaire", year: 1857, language: "fr",
    categories: ["Poetry"], pageCount: 368, ageGroupFine: "adult", themes: ["beauty", "decay", "the city"],
    description: "Baudelaire's collection finds beauty in vice, melancholy and the modern city of Paris. Six poems were suppressed after an obscenity trial, and the book became a landmark of modern poetry.",
  },
  {
    title: "Idylls of the King", author: "Alfred, Lord Tennyson", year: 1859, language: "en",
    categories: ["Poetry"], pageCount: 368, ageGroupFine: "adult", themes: ["chivalry", "betrayal", "ideals"],
    description: "Tennyson's cycle of blank-verse poems retells the Arthurian legend from Arthur's coming to the fall of Camelot, tracing how betrayal and doubt erode the ideals of the Round Table.",
  },
  {
    title: "Goblin Market and Other Poems", author: "Christina Rossetti", year: 1862, language: "en",
    categories: ["Poetry"], pageCount: 128, ageGroupFine: "adult", themes: ["temptation", "sisterhood", "redemption"],
    description: "The title poem tells of two sisters, Laura and Lizzie, tempted by goblin merchants selling enchanted fruit; Lizzie's courage saves her sister. The collection also includes lyrics of longing and faith.",
  },
  {
    title: "Poems by Emily Dickinson", author: "Emily Dickinson", year: 1890, language: "en",
    categories: ["Poetry"], pageCount: 224, ageGroupFine: "adult", themes: ["death", "nature", "inner life"],
    description: "The first selection of Dickinson's poems, published four years after her death, introduced readers to her compressed lines, unusual rhymes and fearless attention to death, nature, faith and the inner life.",
  },
  {
    title: "A Shropshire Lad", author: "A. E. Housman", year: 1896, language: "en",
    categories: ["Poetry"], pageCount: 96, ageGroupFine: "adult", themes: ["youth", "mortality", "landscape"],
    description: "Sixty-three short, musical poems, many voiced by young men of the Shropshire countryside, meditate on fleeting youth, love, soldiering and early death.",
  },
  {
    title: "Lyrics of Lowly Life", author: "Paul Laurence Dunbar", year: 1896, language: "en",
    categories: ["Poetry"], pageCount: 208, ageGroupFine: "adult", themes: ["race", "love", "everyday life"],
    description: "Dunbar's breakthrough collection mixes poems in standard English with dialect verse, and includes 'We Wear the Mask', his quietly devastating poem about the smiling faces that hide pain.",
  },
  {
    title: "Gitanjali: Song Offerings", author: "Rabindranath Tagore", year: 1912, language: "en",
    categories: ["Poetry", "Religion"], pageCount: 112, ageGroupFine: "adult", themes: ["devotion", "spirituality", "nature"],
    description: "Tagore's own English prose renderings of his Bengali devotional songs, addressed to a divine presence found in everyday life. The book contributed to his Nobel Prize in Literature in 1913.",
  },
  {
    title: "Spoon River Anthology", author: "Edgar Lee Masters", year: 1915, language: "en",
    categories: ["Poetry"], pageCount: 304, ageGroupFine: "adult", themes: ["small town", "death", "secrets"],
    description: "The dead of a small Illinois town speak their own epitaphs in free verse, revealing the hidden ambitions, betrayals and disappointments behind respectable lives.",
  },
  {
    title: "Renascence and Other Poems", author: "Edna St. Vincent Millay", year: 1917, language: "en",
    categories: ["Poetry"], pageCount: 80, ageGroupFine: "adult", themes: ["nature", "rebirth", "youth"],
    description: "Millay's first book takes its title from the long poem she wrote at nineteen, in which a speaker feels the weight of the whole world's suffering and is reborn into wonder at the sky and the rain.",
  },
  {
    title: "Love Songs", author: "Sara Teasdale", year: 1917, language: "en",
    categories: ["Poetry"], pageCount: 112, ageGroupFine: "adult", themes: ["love", "longing", "nature"],
    description: "Teasdale's clear, musical lyrics of love and longing won a special prize in 1918 that is now counted as the forerunner of the Pulitzer Prize for Poetry.",
  },
  {
    title: "Poems of Gerard Manley Hopkins", author: "Gerard Manley Hopkins", year: 1918, language: "en",
    categories: ["Poetry"], pageCount: 128, ageGroupFine: "adult", themes: ["faith", "nature", "inner life"],
    description: "Published by his friend Robert Bridges nearly thirty years after Hopkins's death, this collection revealed his 'sprung rhythm' and dazzling poems of nature and faith such as 'The Windhover' and 'Pied Beauty'.",
  },
  {
    title: "Poems by Wilfred Owen", author: "Wilfred Owen", year: 1920, language: "en",
    categories: ["Poetry"], pageCount: 128, ageGroupFine: "adult", themes: ["war", "pity", "loss"],
    description: "Published after Owen was killed a week before the Armistice, these poems, including 'Dulce et Decorum Est' and 'Anthem for Doomed Youth', confront the horror and waste of trench warfare.",
  },
  {
    title: "Harlem Shadows", author: "Claude McKay", year: 1922, language: "en",
    categories: ["Poetry"], pageCount: 96, ageGroupFine: "adult", themes: ["race", "longing", "city life"],
    description: "McKay's collection of sonnets and lyrics, including the defiant 'If We Must Die', sets memories of his Jamaican homeland against the pressures of Black life in Harlem. A key work of the Harlem Renaissance.",
  },
  {
    title: "The Prophet", author: "Kahlil Gibran", year: 1923, language: "en",
    categories: ["Poetry", "Philosophy"], pageCount: 96, ageGroupFine: "adult", themes: ["wisdom", "love", "spirituality"],
    description: "Before boarding the ship that will carry him home, the prophet Almustafa answers the townspeople's questions about love, marriage, children, work, freedom and death in short poetic sermons.",
  },
  {
    title: "Color", author: "Countee Cullen", year: 1925, language: "en",
    categories: ["Poetry"], pageCount: 128, ageGroupFine: "adult", themes: ["race", "faith", "identity"],
    description: "Cullen's debut collection, written in traditional forms, wrestles with race, faith and identity with striking poise. It includes 'Heritage' and the sonnet 'Yet Do I Marvel'.",
  },
  {
    title: "The Tower", author: "W. B. Yeats", year: 1928, language: "en",
    categories: ["Poetry"], pageCount: 112, ageGroupFine: "adult", themes: ["ageing", "history", "art"],
    description: "Yeats's late collection, opening with 'Sailing to Byzantium', confronts old age, the violence of Ireland's civil strife and the search for permanence in art.",
  },
  // ── Drama ────────────────────────────────────────────────────────────────────
  {
    title: "A Midsummer Night's Dream", author: "William Shakespeare", year: 1600, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 224, ageGroupFine: "young_adult", themes: ["love", "magic", "confusion"],
    description: "Four young Athenian lovers, a troupe of amateur actors and the quarrelling fairy king and queen collide in an enchanted wood, where a mischievous sprite's love potion creates comic chaos.",
  },
  {
    title: "Hamlet", author: "William Shakespeare", year: 1603, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 342, ageGroupFine: "young_adult", themes: ["revenge", "madness", "mortality"],
    description: "Prince Hamlet of Denmark learns from his father's ghost that his uncle Claudius murdered the king to seize the throne and marry the queen. His long hesitation over revenge leaves few survivors.",
  },
  {
    title: "King Lear", author: "William Shakespeare", year: 1608, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 320, ageGroupFine: "adult", themes: ["family", "madness", "power"],
    description: "The ageing King Lear divides his kingdom between the daughters who flatter him and banishes the one who will not. Stripped of power, he wanders a storm-swept heath as his realm falls into chaos.",
  },
  {
    title: "Othello", author: "William Shakespeare", year: 1622, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 320, ageGroupFine: "adult", themes: ["jealousy", "manipulation", "race"],
    description: "Iago, a resentful ensign, convinces the Moorish general Othello that his wife Desdemona is unfaithful, and jealousy drives Othello to murder. A tragedy of trust poisoned by insinuation.",
  },
  {
    title: "Macbeth", author: "William Shakespeare", year: 1623, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 240, ageGroupFine: "young_adult", themes: ["ambition", "guilt", "fate"],
    description: "Spurred by three witches' prophecy and his wife's ambition, the Scottish general Macbeth murders King Duncan and takes the crown, then kills again to keep it as guilt consumes them both.",
  },
  {
    title: "The Tempest", author: "William Shakespeare", year: 1623, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 256, ageGroupFine: "adult", themes: ["forgiveness", "power", "magic"],
    description: "On a remote island, the exiled magician Prospero conjures a storm that shipwrecks his enemies, then uses his arts and the spirit Ariel to bring about reconciliation and his daughter Miranda's marriage.",
  },
  {
    title: "Twelfth Night", author: "William Shakespeare", year: 1623, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 224, ageGroupFine: "adult", themes: ["disguise", "love", "identity"],
    description: "Shipwrecked in Illyria, Viola disguises herself as a young man and serves Duke Orsino, who loves the Countess Olivia, who falls for Viola. A comedy of mistaken identity, music and melancholy.",
  },
  {
    title: "Doctor Faustus", author: "Christopher Marlowe", year: 1604, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 176, ageGroupFine: "adult", themes: ["ambition", "damnation", "knowledge"],
    description: "A brilliant German scholar sells his soul to Lucifer in exchange for twenty-four years of knowledge and power, served by the devil Mephistopheles. Marlowe's tragedy ends in terror as the final hour strikes.",
  },
  {
    title: "Tartuffe", author: "Molière", year: 1669, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 128, ageGroupFine: "adult", themes: ["hypocrisy", "religion", "gullibility"],
    description: "The wealthy Orgon falls under the spell of Tartuffe, a pious fraud who schemes to marry his daughter, seduce his wife and seize his property. Molière's comedy of religious hypocrisy was banned for years.",
  },
  {
    title: "She Stoops to Conquer", author: "Oliver Goldsmith", year: 1773, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 128, ageGroupFine: "adult", themes: ["class", "courtship", "misunderstanding"],
    description: "Tricked into thinking the Hardcastles' country house is an inn, young Marlow treats his host like a landlord, and, tongue-tied with ladies but bold with barmaids, woos Kate Hardcastle when she poses as a servant.",
  },
  {
    title: "Faust: Part One", author: "Johann Wolfgang von Goethe", year: 1808, language: "en",
    categories: ["Drama", "Poetry"], pageCount: 240, ageGroupFine: "adult", themes: ["ambition", "knowledge", "temptation"],
    description: "The restless scholar Faust, frustrated by the limits of learning, makes a wager with the devil Mephistopheles, and his pursuit of experience leads to the ruin of the young Gretchen. A verse drama of striving and guilt.",
  },
  {
    title: "A Doll's House", author: "Henrik Ibsen", year: 1879, language: "en",
    categories: ["Drama"], pageCount: 112, ageGroupFine: "adult", themes: ["marriage", "independence", "deception"],
    description: "Nora Helmer seems a cheerful, doting wife, but years ago she secretly forged a signature to save her husband's life. When the secret threatens to come out, she finally sees her marriage for what it is.",
  },
  {
    title: "An Enemy of the People", author: "Henrik Ibsen", year: 1882, language: "en",
    categories: ["Drama"], pageCount: 128, ageGroupFine: "adult", themes: ["truth", "democracy", "public health"],
    description: "Dr Stockmann discovers that the new baths of his spa town are contaminated and expects gratitude for sounding the alarm. Instead, the town turns on him to protect its profits.",
  },
  {
    title: "Hedda Gabler", author: "Henrik Ibsen", year: 1890, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 128, ageGroupFine: "adult", themes: ["control", "boredom", "freedom"],
    description: "Newly married to a dull academic and bored in their new home, the proud general's daughter Hedda manipulates those around her, including a brilliant former admirer whose manuscript falls into her hands.",
  },
  {
    title: "Miss Julie", author: "August Strindberg", year: 1888, language: "en",
    categories: ["Drama", "Tragedy"], pageCount: 64, ageGroupFine: "adult", themes: ["class", "desire", "power"],
    description: "On Midsummer Eve, the count's daughter Julie and her father's valet Jean play a dangerous game of seduction across the class divide, leading to a bleak end by morning.",
  },
  {
    title: "The Importance of Being Earnest", author: "Oscar Wilde", year: 1895, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 96, ageGroupFine: "young_adult", themes: ["identity", "marriage", "society"],
    description: "Two young gentlemen invent fictional alter egos to escape their social obligations, and their deceptions collide in a whirl of cucumber sandwiches, a misplaced handbag and the formidable Lady Bracknell.",
  },
  {
    title: "The Seagull", author: "Anton Chekhov", year: 1896, language: "en",
    categories: ["Drama"], pageCount: 96, ageGroupFine: "adult", themes: ["art", "love", "ambition"],
    description: "At a lakeside estate, the aspiring playwright Konstantin, his actress mother, her celebrated writer lover and young Nina, who dreams of the stage, tangle their ambitions and unrequited loves.",
  },
  {
    title: "Uncle Vanya", author: "Anton Chekhov", year: 1897, language: "en",
    categories: ["Drama"], pageCount: 96, ageGroupFine: "adult", themes: ["regret", "work", "disappointment"],
    description: "A retired professor and his beautiful young wife come to live on the country estate that his brother-in-law Vanya has managed for years, stirring up long-buried resentment and hopeless loves.",
  },
  {
    title: "The Cherry Orchard", author: "Anton Chekhov", year: 1904, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 96, ageGroupFine: "adult", themes: ["change", "loss", "class"],
    description: "The aristocratic Madame Ranevskaya returns to her family estate, soon to be auctioned to pay her debts, but cannot bring herself to act on the merchant Lopakhin's plan to save it. A comedy and an elegy for a vanishing world.",
  },
  {
    title: "Cyrano de Bergerac", author: "Edmond Rostand", year: 1897, language: "fr",
    categories: ["Drama", "Romance"], pageCount: 240, ageGroupFine: "young_adult", themes: ["love", "honour", "identity"],
    description: "The brilliant swordsman and poet Cyrano, convinced his enormous nose makes him unlovable, helps the handsome but tongue-tied Christian win Roxane, the cousin Cyrano secretly loves, by writing his letters for him.",
  },
  {
    title: "The Playboy of the Western World", author: "J. M. Synge", year: 1907, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 96, ageGroupFine: "adult", themes: ["myth-making", "violence", "community"],
    description: "A young stranger turns up at a pub on the Mayo coast claiming to have killed his father, and the villagers hail him as a hero, until the father appears. Its premiere provoked riots in Dublin.",
  },
  {
    title: "Pygmalion", author: "George Bernard Shaw", year: 1913, language: "en",
    categories: ["Drama", "Comedy"], pageCount: 128, ageGroupFine: "young_adult", themes: ["class", "language", "identity"],
    description: "The phonetics professor Henry Higgins wagers that he can pass off the Cockney flower seller Eliza Doolittle as a duchess by changing the way she speaks, but Eliza proves to have a mind of her own.",
  },
  {
    title: "R.U.R.", author: "Karel Čapek", year: 1920, language: "en",
    categories: ["Drama", "Science Fiction"], pageCount: 96, ageGroupFine: "adult", themes: ["technology", "labour", "humanity"],
    description: "At the factory of Rossum's Universal Robots, artificial workers are mass-produced to serve humanity, until they rise up against their makers. This play introduced the word 'robot' to the world.",
  },
  {
    title: "Six Characters in Search of an Author", author: "Luigi Pirandello", year: 1921, language: "en",
    categories: ["Drama"], pageCount: 96, ageGroupFine: "adult", themes: ["reality", "illusion", "theatre"],
    description: "During a rehearsal, six unfinished characters abandoned by their author interrupt a theatre company and demand that their painful family drama be staged. A landmark of modern theatre.",
  },
  // ── Philosophy, politics and essays ──────────────────────────────────────────
  {
    title: "Discourse on the Method", author: "René Descartes", year: 1637, language: "en",
    categories: ["Philosophy"], pageCount: 96, ageGroupFine: "adult", themes: ["reason", "doubt", "method"],
    description: "Written in French for a general audience, this short, partly autobiographical work lays out Descartes's rules for reasoning well and introduces the famous claim 'I think, therefore I am'.",
  },
  {
    title: "Meditations on First Philosophy", author: "René Descartes", year: 1641, language: "en",
    categories: ["Philosophy"], pageCount: 112, ageGroupFine: "adult", themes: ["doubt", "certainty", "mind"],
    description: "Descartes sets out to doubt everything he can, in search of an unshakeable foundation for knowledge. He arrives at the certainty of his own thinking mind and argues for God and for the distinction of mind and body.",
  },
  {
    title: "Leviathan", author: "Thomas Hobbes", year: 1651, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 736, ageGroupFine: "adult", themes: ["sovereignty", "human nature", "order"],
    description: "Writing in the wake of the English Civil War, Hobbes argues that without a common power human life would be a war of all against all, and that people should therefore submit to an absolute sovereign.",
  },
  {
    title: "Pensées", author: "Blaise Pascal", year: 1670, language: "fr",
    categories: ["Philosophy", "Religion"], pageCount: 384, ageGroupFine: "adult", themes: ["faith", "reason", "the human condition"],
    description: "Fragments of an unfinished defence of Christianity, published after Pascal's death, reflect on human wretchedness and greatness, the limits of reason and the famous wager on God's existence.",
  },
  {
    title: "Ethics", author: "Baruch Spinoza", year: 1677, language: "en",
    categories: ["Philosophy"], pageCount: 288, ageGroupFine: "adult", themes: ["god", "nature", "freedom"],
    description: "Set out in the geometric style of definitions, axioms and proofs, Spinoza's masterpiece identifies God with nature and argues that freedom comes from understanding the causes of our emotions. Published after his death.",
  },
  {
    title: "An Essay Concerning Human Understanding", author: "John Locke", year: 1689, language: "en",
    categories: ["Philosophy"], pageCount: 752, ageGroupFine: "adult", themes: ["knowledge", "experience", "mind"],
    description: "Locke argues that the mind begins as a blank slate and that all our ideas come from experience, through sensation and reflection, laying the groundwork for British empiricism.",
  },
  {
    title: "Two Treatises of Government", author: "John Locke", year: 1689, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 464, ageGroupFine: "adult", themes: ["liberty", "property", "consent"],
    description: "Locke rejects the divine right of kings and argues that legitimate government rests on the consent of the governed and exists to protect life, liberty and property, ideas that echoed through later revolutions.",
  },
  {
    title: "A Treatise of Human Nature", author: "David Hume", year: 1739, language: "en",
    categories: ["Philosophy"], pageCount: 736, ageGroupFine: "adult", themes: ["scepticism", "passions", "the self"],
    description: "Hume's ambitious early work tries to build a science of human nature on experience, arguing that reason is the slave of the passions and that the self is only a bundle of perceptions.",
  },
  {
    title: "An Enquiry Concerning Human Understanding", author: "David Hume", year: 1748, language: "en",
    categories: ["Philosophy"], pageCount: 208, ageGroupFine: "adult", themes: ["scepticism", "causation", "experience"],
    description: "Hume argues that our belief in cause and effect rests on habit rather than reason, and turns his scepticism on free will, miracles and arguments for a designing providence.",
  },
  {
    title: "The Social Contract", author: "Jean-Jacques Rousseau", year: 1762, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 192, ageGroupFine: "adult", themes: ["freedom", "sovereignty", "community"],
    description: "Opening with the claim that man is born free yet everywhere in chains, Rousseau argues that legitimate political authority can come only from the general will of the people as a whole.",
  },
  {
    title: "The Wealth of Nations", author: "Adam Smith", year: 1776, language: "en",
    categories: ["Economics"], pageCount: 1264, ageGroupFine: "adult", themes: ["markets", "labour", "trade"],
    description: "Smith's founding work of economics explains how the division of labour and free exchange create prosperity, criticises mercantilism and examines the proper role of government.",
  },
  {
    title: "Common Sense", author: "Thomas Paine", year: 1776, language: "en",
    categories: ["Politics", "History"], pageCount: 96, ageGroupFine: "adult", themes: ["independence", "liberty", "government"],
    description: "Published anonymously in January 1776, Paine's plain-spoken pamphlet made the case for American independence from Britain and attacked hereditary monarchy. It sold in enormous numbers.",
  },
  {
    title: "Critique of Pure Reason", author: "Immanuel Kant", year: 1781, language: "en",
    categories: ["Philosophy"], pageCount: 784, ageGroupFine: "adult", themes: ["knowledge", "reason", "metaphysics"],
    description: "Kant investigates what reason can know independently of experience, arguing that space, time and concepts such as causality are structures the mind brings to experience rather than features it finds there.",
  },
  {
    title: "Groundwork of the Metaphysics of Morals", author: "Immanuel Kant", year: 1785, language: "en",
    categories: ["Philosophy"], pageCount: 128, ageGroupFine: "adult", themes: ["duty", "autonomy", "ethics"],
    description: "A compact introduction to Kant's moral philosophy, arguing that morality rests on duty and the categorical imperative: act only on principles that you could will to become universal laws.",
  },
  {
    title: "The Federalist Papers", author: "Alexander Hamilton, James Madison and John Jay", year: 1788, language: "en",
    categories: ["Politics", "History"], pageCount: 624, ageGroupFine: "adult", themes: ["constitution", "federalism", "government"],
    description: "Eighty-five essays published under the pen name Publius urge New Yorkers to ratify the proposed United States Constitution, explaining the separation of powers, checks and balances and the dangers of faction.",
  },
  {
    title: "Reflections on the Revolution in France", author: "Edmund Burke", year: 1790, language: "en",
    categories: ["Politics", "History"], pageCount: 336, ageGroupFine: "adult", themes: ["tradition", "revolution", "order"],
    description: "Burke's attack on the French Revolution defends inherited institutions, gradual reform and the wisdom of tradition against abstract theories of rights. It became a founding text of modern conservatism.",
  },
  {
    title: "A Vindication of the Rights of Woman", author: "Mary Wollstonecraft", year: 1792, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 288, ageGroupFine: "adult", themes: ["equality", "education", "reason"],
    description: "Wollstonecraft argues that women only appear inferior because they are denied a proper education, and that they deserve to be treated as rational beings with the same rights as men.",
  },
  {
    title: "An Essay on the Principle of Population", author: "Thomas Robert Malthus", year: 1798, language: "en",
    categories: ["Economics"], pageCount: 192, ageGroupFine: "adult", themes: ["population", "scarcity", "poverty"],
    description: "Malthus argues that population tends to grow faster than the food supply, so that poverty and misery act as natural checks. The argument later helped spark Darwin's thinking about natural selection.",
  },
  {
    title: "The World as Will and Representation", author: "Arthur Schopenhauer", year: 1818, language: "en",
    categories: ["Philosophy"], pageCount: 608, ageGroupFine: "adult", themes: ["will", "suffering", "art"],
    description: "Schopenhauer argues that the world we perceive is representation, and that behind it lies a blind, ceaselessly striving will that causes suffering; relief comes through art, compassion and renunciation.",
  },
  {
    title: "Democracy in America", author: "Alexis de Tocqueville", year: 1835, language: "en",
    categories: ["Politics", "History"], pageCount: 928, ageGroupFine: "adult", themes: ["democracy", "equality", "liberty"],
    description: "After travelling through the United States, the young French aristocrat analyses American democracy, praising its civic associations and local self-government while warning of the tyranny of the majority.",
  },
  {
    title: "Self-Reliance", author: "Ralph Waldo Emerson", year: 1841, language: "en",
    categories: ["Essays", "Philosophy"], pageCount: 64, ageGroupFine: "adult", themes: ["individualism", "nonconformity", "trust"],
    description: "Emerson's essay urges readers to trust their own intuition over tradition and social pressure, famously declaring that a foolish consistency is the hobgoblin of little minds.",
  },
  {
    title: "Either/Or", author: "Søren Kierkegaard", year: 1843, language: "en",
    categories: ["Philosophy"], pageCount: 624, ageGroupFine: "adult", themes: ["choice", "aesthetics", "ethics"],
    description: "Presented as papers found in a second-hand writing desk, Kierkegaard's first major work contrasts the aesthetic life of pleasure, including 'The Seducer's Diary', with the ethical life of commitment.",
  },
  {
    title: "The Communist Manifesto", author: "Karl Marx and Friedrich Engels", year: 1848, language: "en",
    categories: ["Politics", "Economics"], pageCount: 96, ageGroupFine: "adult", themes: ["class struggle", "capitalism", "revolution"],
    description: "Written for the Communist League, this pamphlet presents history as a story of class struggle, analyses the restless dynamism of capitalism and calls on the workers of all countries to unite.",
  },
  {
    title: "Civil Disobedience", author: "Henry David Thoreau", year: 1849, language: "en",
    categories: ["Essays", "Politics"], pageCount: 48, ageGroupFine: "adult", themes: ["conscience", "resistance", "justice"],
    description: "After a night in jail for refusing to pay a poll tax that helped support slavery and the Mexican War, Thoreau argues that individuals must not let governments override their conscience.",
  },
  {
    title: "Walden", author: "Henry David Thoreau", year: 1854, language: "en",
    categories: ["Nature", "Philosophy"], pageCount: 352, ageGroupFine: "adult", themes: ["simplicity", "nature", "self-reliance"],
    description: "Thoreau distils two years spent in a cabin he built beside Walden Pond in Massachusetts into reflections on simple living, economy, solitude and close attention to the natural world.",
  },
  {
    title: "On Liberty", author: "John Stuart Mill", year: 1859, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 176, ageGroupFine: "adult", themes: ["freedom", "individuality", "speech"],
    description: "Mill argues that society may limit an individual's liberty only to prevent harm to others, and offers a passionate defence of free thought, free expression and individual eccentricity.",
  },
  {
    title: "Utilitarianism", author: "John Stuart Mill", year: 1863, language: "en",
    categories: ["Philosophy"], pageCount: 96, ageGroupFine: "adult", themes: ["happiness", "ethics", "justice"],
    description: "Mill defends the principle that actions are right insofar as they tend to promote happiness, distinguishes higher from lower pleasures and answers common objections to utilitarian ethics.",
  },
  {
    title: "The Subjection of Women", author: "John Stuart Mill", year: 1869, language: "en",
    categories: ["Philosophy", "Politics"], pageCount: 128, ageGroupFine: "adult", themes: ["equality", "marriage", "rights"],
    description: "Drawing on ideas he developed with Harriet Taylor Mill, Mill argues that the legal subordination of women is wrong in itself and a barrier to human progress, and calls for perfect equality between the sexes.",
  },
  {
    title: "Thus Spoke Zarathustra", author: "Friedrich Nietzsche", year: 1883, language: "en",
    categories: ["Philosophy"], pageCount: 352, ageGroupFine: "adult", themes: ["self-overcoming", "values", "eternal recurrence"],
    description: "In poetic parables that echo the style of scripture, the prophet Zarathustra comes down from his mountain to teach the overman, the death of God and the eternal recurrence of all things.",
  },
  {
    title: "Beyond Good and Evil", author: "Friedrich Nietzsche", year: 1886, language: "en",
    categories: ["Philosophy"], pageCount: 240, ageGroupFine: "adult", themes: ["morality", "truth", "power"],
    description: "Nietzsche attacks the hidden prejudices of philosophers and the moral certainties of his age, arguing that values must be examined as expressions of a deeper will to power.",
  },
  {
    title: "The Varieties of Religious Experience", author: "William James", year: 1902, language: "en",
    categories: ["Psychology", "Religion"], pageCount: 528, ageGroupFine: "adult", themes: ["religion", "experience", "psychology"],
    description: "Based on his Gifford Lectures in Edinburgh, James studies personal religious experience, including conversion, saintliness and mysticism, judging beliefs by their effects on people's lives.",
  },
  {
    title: "Pragmatism", author: "William James", year: 1907, language: "en",
    categories: ["Philosophy"], pageCount: 176, ageGroupFine: "adult", themes: ["truth", "practice", "meaning"],
    description: "In lectures for a general audience, James presents pragmatism as a way of settling philosophical disputes by asking what practical difference it would make if one belief or the other were true.",
  },
  {
    title: "The Book of Tea", author: "Kakuzō Okakura", year: 1906, language: "en",
    categories: ["Essays", "Philosophy"], pageCount: 96, ageGroupFine: "adult", themes: ["tea", "aesthetics", "culture"],
    description: "Written in English for Western readers, Okakura's long essay uses the Japanese tea ceremony to explain Taoist and Zen ideas about simplicity, imperfection and the art of living.",
  },
  {
    title: "The Interpretation of Dreams", author: "Sigmund Freud", year: 1899, language: "en",
    categories: ["Psychology"], pageCount: 688, ageGroupFine: "adult", themes: ["dreams", "the unconscious", "desire"],
    description: "Freud proposes that dreams are disguised fulfilments of repressed wishes and develops a method for interpreting them, introducing along the way early versions of ideas such as the Oedipus complex.",
  },
  {
    title: "A Room of One's Own", author: "Virginia Woolf", year: 1929, language: "en",
    categories: ["Essays"], pageCount: 112, ageGroupFine: "adult", themes: ["women", "writing", "independence"],
    description: "Based on talks Woolf gave at two Cambridge women's colleges, this essay argues that a woman needs money and a room of her own to write fiction, and imagines the fate of Shakespeare's equally gifted sister.",
  },
  // ── Memoir and history ───────────────────────────────────────────────────────
  {
    title: "The Autobiography of Benjamin Franklin", author: "Benjamin Franklin", year: 1791, language: "en",
    categories: ["Memoir", "History"], pageCount: 224, ageGroupFine: "adult", themes: ["self-improvement", "industry", "civic life"],
    description: "Franklin recounts his rise from runaway printer's apprentice to prosperous Philadelphia citizen, along with his plan of thirteen virtues and his many civic projects. It was left unfinished at his death.",
  },
  {
    title: "Narrative of the Life of Frederick Douglass, an American Slave", author: "Frederick Douglass", year: 1845, language: "en",
    categories: ["Memoir", "History"], pageCount: 144, ageGroupFine: "young_adult", themes: ["freedom", "literacy", "slavery"],
    description: "Douglass describes his childhood and youth in slavery in Maryland, how he secretly learned to read, his resistance to a brutal overseer and his escape to the North, whose details he withheld to protect others.",
  },
  {
    title: "Incidents in the Life of a Slave Girl", author: "Harriet Jacobs", year: 1861, language: "en",
    categories: ["Memoir", "History"], pageCount: 304, ageGroupFine: "adult", themes: ["freedom", "motherhood", "resistance"],
    description: "Writing as Linda Brent, Jacobs describes the sexual exploitation she faced in slavery in North Carolina and the nearly seven years she spent hidden in a cramped attic space before escaping north.",
  },
  {
    title: "Up from Slavery", author: "Booker T. Washington", year: 1901, language: "en",
    categories: ["Memoir", "History"], pageCount: 240, ageGroupFine: "young_adult", themes: ["education", "self-help", "race"],
    description: "Washington recounts his rise from enslavement in Virginia to founding the Tuskegee Institute in Alabama, and sets out his influential and much-debated philosophy of education and self-help.",
  },
  {
    title: "Notes on Nursing", author: "Florence Nightingale", year: 1859, language: "en",
    categories: ["Health", "Science"], pageCount: 136, ageGroupFine: "adult", themes: ["health", "care", "hygiene"],
    description: "Nightingale's practical guide for anyone caring for the sick stresses fresh air, light, cleanliness, quiet and careful observation, principles that shaped modern nursing.",
  },
  // ── Science ──────────────────────────────────────────────────────────────────
  {
    title: "Dialogue Concerning the Two Chief World Systems", author: "Galileo Galilei", year: 1632, language: "en",
    categories: ["Science"], pageCount: 496, ageGroupFine: "adult", themes: ["astronomy", "reason", "authority"],
    description: "Over four days of conversation among three speakers, Galileo compares the Ptolemaic and Copernican views of the cosmos, favouring a moving Earth so plainly that the book led to his trial by the Inquisition.",
  },
  {
    title: "Micrographia", author: "Robert Hooke", year: 1665, language: "en",
    categories: ["Science"], pageCount: 320, ageGroupFine: "adult", themes: ["microscopy", "observation", "nature"],
    description: "Hooke's lavishly illustrated book reveals the world under the microscope, from a flea and a louse to the tiny compartments in cork that he named 'cells'.",
  },
  {
    title: "Philosophiæ Naturalis Principia Mathematica", author: "Isaac Newton", year: 1687, language: "la",
    categories: ["Science", "Mathematics"], pageCount: 974, ageGroupFine: "adult", themes: ["motion", "gravity", "mathematics"],
    description: "Newton states his three laws of motion and the law of universal gravitation, and uses them to explain the orbits of the planets, the tides and the paths of comets. A foundation stone of physics.",
  },
  {
    title: "Opticks", author: "Isaac Newton", year: 1704, language: "en",
    categories: ["Science"], pageCount: 416, ageGroupFine: "adult", themes: ["light", "colour", "experiment"],
    description: "Newton describes his experiments with prisms showing that white light is a mixture of colours, explores reflection, refraction and the nature of light, and ends with a set of far-reaching speculative queries.",
  },
  {
    title: "Elements of Chemistry", author: "Antoine Lavoisier", year: 1789, language: "en",
    categories: ["Science"], pageCount: 544, ageGroupFine: "adult", themes: ["chemistry", "elements", "measurement"],
    description: "Lavoisier presents a new system of chemistry built on careful measurement and the conservation of mass, with a modern list of elements and a rational way of naming chemical compounds.",
  },
  {
    title: "Principles of Geology", author: "Charles Lyell", year: 1830, language: "en",
    categories: ["Science"], pageCount: 472, ageGroupFine: "adult", themes: ["geology", "deep time", "change"],
    description: "Lyell argues that the Earth's surface was shaped by the same slow processes we can observe today, acting over immense spans of time. The first volume travelled with the young Darwin on the Beagle.",
  },
  {
    title: "The Voyage of the Beagle", author: "Charles Darwin", year: 1839, language: "en",
    categories: ["Science", "Travel"], pageCount: 496, ageGroupFine: "adult", themes: ["exploration", "natural history", "observation"],
    description: "Darwin's lively account of his five-year voyage around the world as a young naturalist, full of observations on geology, wildlife and people from South America and Tierra del Fuego to the Galápagos.",
  },
  {
    title: "On the Origin of Species", author: "Charles Darwin", year: 1859, language: "en",
    categories: ["Science"], pageCount: 480, ageGroupFine: "adult", themes: ["evolution", "natural selection", "variation"],
    description: "Darwin sets out the evidence for evolution by natural selection, drawing on selective breeding, the fossil record and the geographic distribution of species, and changes how we understand life on Earth.",
  },
  {
    title: "The Descent of Man", author: "Charles Darwin", year: 1871, language: "en",
    categories: ["Science"], pageCount: 800, ageGroupFine: "adult", themes: ["evolution", "sexual selection", "humanity"],
    description: "Darwin applies evolutionary theory to human origins, arguing that humans share common ancestry with other animals, and develops his theory of sexual selection in detail.",
  },
  {
    title: "The Expression of the Emotions in Man and Animals", author: "Charles Darwin", year: 1872, language: "en",
    categories: ["Science", "Psychology"], pageCount: 416, ageGroupFine: "adult", themes: ["emotion", "evolution", "behaviour"],
    description: "Darwin studies how fear, anger, grief and joy show in the faces and bodies of people and animals, using early photographs, and argues that many expressions are inherited traits shared across species.",
  },
  {
    title: "The Chemical History of a Candle", author: "Michael Faraday", year: 1861, language: "en",
    categories: ["Science"], pageCount: 144, ageGroupFine: "young_adult", themes: ["chemistry", "curiosity", "experiment"],
    description: "Based on Faraday's Christmas lectures for young people at the Royal Institution, this book uses a single burning candle to explain combustion, air, water and the chemistry of everyday life.",
  },
  {
    title: "Evidence as to Man's Place in Nature", author: "Thomas Henry Huxley", year: 1863, language: "en",
    categories: ["Science"], pageCount: 176, ageGroupFine: "adult", themes: ["evolution", "anatomy", "humanity"],
    description: "Huxley compares human anatomy with that of the great apes and with fossil remains, arguing that humans are closely related to other primates, just four years after Darwin's Origin appeared.",
  },
];

export const demoMembers: DemoMember[] = [
  {
    name: "Amara Okafor",
    email: "amara.okafor@example.com",
    bio: "Reads Victorian novels on the bus and will happily argue that Middlemarch is the best book ever written.",
    timezone: "Europe/London",
  },
  {
    name: "Mateo Hernández",
    email: "mateo.hernandez@example.com",
    bio: "Loves sea stories and swashbucklers, from Treasure Island to The Count of Monte Cristo, ideally read in one sitting.",
    timezone: "America/Chicago",
  },
  {
    name: "Yuki Tanaka",
    email: "yuki.tanaka@example.com",
    bio: "Drawn to quiet, melancholy fiction and short novels, with Sōseki and Chekhov always on the bedside table.",
    timezone: "Asia/Tokyo",
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.com",
    bio: "A science teacher who reads Darwin for fun and keeps a shelf of early science fiction for her students.",
    timezone: "America/New_York",
  },
  {
    name: "Lars Eriksson",
    email: "lars.eriksson@example.com",
    bio: "Prefers philosophy in small doses and Scandinavian drama in large ones, preferably with strong coffee.",
    timezone: "Europe/Berlin",
  },
  {
    name: "Chloé Dubois",
    email: "chloe.dubois@example.com",
    bio: "Reads French classics in the original and poetry in every language she can manage.",
    timezone: "Europe/Paris",
  },
  {
    name: "Wei Zhang",
    email: "wei.zhang@example.com",
    bio: "A detective-story devotee who has read every Sherlock Holmes tale twice and is always hunting for the next locked-room puzzle.",
    timezone: "Asia/Shanghai",
  },
  {
    name: "Daniel Cohen",
    email: "daniel.cohen@example.com",
    bio: "Reads aloud to his two kids every night and is slowly working through every fairy-tale collection he can find.",
    timezone: "America/Los_Angeles",
  },
  {
    name: "Olivia Nguyen",
    email: "olivia.nguyen@example.com",
    bio: "Gothic and ghost stories are her comfort reading, the creakier the old house the better.",
    timezone: "Australia/Sydney",
  },
  {
    name: "Kwame Mensah",
    email: "kwame.mensah@example.com",
    bio: "Reads history, memoir and the Harlem Renaissance poets, and likes a book that changes how he sees his own city.",
    timezone: "America/Denver",
  },
];
