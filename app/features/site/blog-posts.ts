// Static content for the three launch blog posts.
// readingMinutes = ceil(words / 220), counted over title-free body text
// (paragraphs, headings, list items and tips).

export type BlogBlock =
  | { type: "p"; text: string }
  | { type: "h2"; text: string }
  | { type: "ul"; items: string[] }
  | { type: "ol"; items: string[] }
  | { type: "tip"; text: string };

export interface BlogPost {
  slug: string;
  title: string;
  /** 1–2 sentences, <= 200 chars, used as meta description and on the index. */
  summary: string;
  /** Computed from word count at ~220 words/min, rounded up. */
  readingMinutes: number;
  /** ISO date, e.g. "2026-03-14". */
  publishedOn: string;
  body: BlogBlock[];
}

export const blogPosts: BlogPost[] = [
  {
    slug: "how-to-host-a-no-cost-book-swap",
    title: "How to host a no-cost book swap",
    summary:
      "Everything you need to run a free book swap: a venue that costs nothing, a fair token system, tables people can browse, and a plan for the books left over.",
    readingMinutes: 5,
    publishedOn: "2026-03-14",
    body: [
      {
        type: "p",
        text: "A book swap is one of the easiest community events to run. People bring books they have finished with, take home books they have not read, and nobody spends a penny. With a little planning it can also feel fair, welcoming and tidy, rather than a scramble around a pile of paperbacks. Here is how to do it.",
      },
      { type: "h2", text: "Find a venue that costs nothing" },
      {
        type: "p",
        text: "You need a room with tables, or a space where you can put some down. Good free or nearly free options include:",
      },
      {
        type: "ul",
        items: [
          "A public library's community room. Many libraries are glad to host reading events, and staff may help you publicise it.",
          "A café during a quiet afternoon. Owners often welcome an event that brings in customers who will buy a drink; agree the time and number of tables in advance.",
          "A community, village or faith hall, which may waive the fee for a free, open event.",
          "A park in the warmer months. Bring folding tables or blankets, and pick a covered spot or a rain date, because wet books do not recover.",
        ],
      },
      {
        type: "p",
        text: "Whichever you choose, check there is step-free access, a toilet people can use, and somewhere to store boxes before and after.",
      },
      { type: "h2", text: "Invite people" },
      {
        type: "p",
        text: "A short, clear invitation does most of the work. Say when and where, how many books to bring, what kinds of books are welcome, and that the event is free. Put it on noticeboards at the library, school gates and local shops, share it in neighbourhood groups, and ask your book club to pass it on. If you run a club on BookClub, add the club's invite code to the invitation, so anyone who enjoys the swap can join you afterwards.",
      },
      {
        type: "tip",
        text: "Ask people to bring books in good condition: clean, complete and readable. Saying so up front saves you from boxes of mouldy encyclopaedias.",
      },
      { type: "h2", text: "Set a number of books per person" },
      {
        type: "p",
        text: "A limit keeps the tables balanced. Between one and five books per person works well for a first swap: enough for choice, not so many that you are buried. It is fine to let people bring more, as long as the token system below means extra books do not turn into extra grabbing.",
      },
      { type: "h2", text: "Use a simple token system" },
      {
        type: "p",
        text: "The fairest swaps give everyone one token for each book they bring. At the door, a volunteer checks the books in, hands over that many tokens and puts the books on the right table. Each token can then be swapped for any one book. Raffle tickets, coloured card or buttons all work. People who arrive with nothing, perhaps a child or someone who has just moved to the area, can be given one or two tokens anyway; the point is fairness, not a strict exchange rate.",
      },
      {
        type: "p",
        text: "For the last half hour, consider dropping tokens altogether and letting everyone take what they like. It clears the tables and ends the event on a generous note.",
      },
      { type: "h2", text: "Sort the tables" },
      {
        type: "p",
        text: "Books laid out by type are far easier to browse than one heap. Make simple signs for each table, for example: fiction, crime and thrillers, science fiction and fantasy, non-fiction, cookery and home, teenage and young adult, and children's books. Keep picture books low down where small hands can reach them. Lay books spine-up in rows, or standing in open boxes, so titles are readable without lifting everything.",
      },
      { type: "h2", text: "Make it accessible" },
      {
        type: "ul",
        items: [
          "Leave wide gaps between tables for wheelchairs and buggies.",
          "Put some books at seated height, and provide a few chairs for people who cannot stand for long.",
          "Use large, high-contrast signs.",
          "Offer a quieter time slot, such as the first half hour, for anyone who finds crowds difficult.",
          "Include large-print books and books in other languages spoken locally, if you can.",
          "Say in the invitation what access there is, so people can plan.",
        ],
      },
      { type: "h2", text: "Plan for the leftovers" },
      {
        type: "p",
        text: "There will always be books left over. Decide before the day where they will go, and ask first, because many places only accept certain kinds of books. Good homes include the library hosting you, a nearby Little Free Library or community bookshelf, a school or nursery for children's books, a care home or hospital reading trolley, and local charity shops. Anything damaged beyond reading can go for recycling. Any leftover books you take home can also be listed on BookClub as giving away.",
      },
      { type: "h2", text: "A timeline, from three weeks out to the day after" },
      {
        type: "ol",
        items: [
          "Three weeks before: book the venue, fix the date and time, and ask two or three friends to volunteer.",
          "Two and a half weeks before: put up posters, share the invitation online, and arrange where the leftovers will go.",
          "Two weeks before: make table signs and tokens, and gather boxes, tape and pens.",
          "One week before: send a reminder with the book limit and the condition you expect. Confirm the venue and volunteers.",
          "The day before: pack your kit, print a few spare signs, and check the weather if you are outdoors.",
          "On the day: arrive an hour early, set up tables and signs, and staff the check-in desk. Open the tables to everyone for the last half hour.",
          "Straight after: box the leftovers, label them by destination, and leave the room as you found it.",
          "The day after: deliver the leftovers, thank the venue and volunteers, and tell everyone when the next swap will be.",
        ],
      },
      {
        type: "p",
        text: "Your first swap does not need to be big. A dozen people and a few tables of books make a good afternoon, and a chance to meet neighbours who read.",
      },
    ],
  },
  {
    slug: "starter-rules-for-club-swaps",
    title: "Starter rules for swapping and lending in your book club",
    summary:
      "A friendly set of house rules for lending books between club members: condition, lending periods, damage, privacy and disputes, with a copy-paste ruleset at the end.",
    readingMinutes: 5,
    publishedOn: "2026-03-21",
    body: [
      {
        type: "p",
        text: "Lending books within a club is one of the nicest things about belonging to one. It is also where small misunderstandings begin: a book that comes back with a cracked spine, a loan that quietly becomes permanent, a note in the margin that someone did not want. A few rules agreed in advance prevent most of this. Use the ones below as a starting point and change them to suit your group.",
      },
      { type: "h2", text: "Agree what 'good condition' means" },
      {
        type: "p",
        text: "People treat books very differently. Some read with the spine folded back in the bath; others will not use a bookmark in case it leaves a mark. Agree a shared minimum: books are lent clean, complete and readable, and come back in the same state, allowing for the normal wear of being read once. If a book is fragile, signed or precious, the owner should say so before lending it, or simply keep it at home.",
      },
      { type: "h2", text: "Set a lending period" },
      {
        type: "p",
        text: "Three to four weeks suits most clubs. It is long enough to read a novel around work and family, and short enough that the owner does not forget where the book went. Borrowers can ask for more time, and owners can usually say yes, but ask before the date passes rather than after. For a book the whole club is reading, pass it on promptly so the next reader is not left short.",
      },
      { type: "h2", text: "Keep track in the app" },
      {
        type: "p",
        text: "On BookClub, a borrower asks by sending the owner a direct message about the book. Once it has changed hands, the owner sets the book's status to Lent, so other members can see it is out. When it comes back, set it to Available again. Agree the return date in the same message thread, so both of you can find it later without relying on memory.",
      },
      {
        type: "tip",
        text: "Owners, update the status the day you hand the book over. A shelf that is accurate saves everyone from asking for books that are not there.",
      },
      { type: "h2", text: "Damage and loss" },
      {
        type: "p",
        text: "Accidents happen, and a club rule takes the awkwardness out of them. A sensible default is this: if a borrowed book is lost or damaged beyond normal wear, the borrower tells the owner straight away and offers to replace it with a copy in similar condition. A second-hand copy is fine for an ordinary paperback. For anything rare or sentimental, replacement may not be possible, which is another reason to lend those with care. Owners, be gracious: a coffee ring on a paperback is not worth a friendship.",
      },
      { type: "h2", text: "Notes in the margins" },
      {
        type: "p",
        text: "Some readers love finding another person's notes; others find them intrusive. The simple rule is that borrowers do not write in, highlight or fold the pages of someone else's book. Use a bookmark and a notebook, or sticky notes that peel off cleanly. If an owner is happy for people to add thoughts, they can say so when lending, and some clubs enjoy passing round one copy that gathers notes from every reader.",
      },
      { type: "h2", text: "One in, one out" },
      {
        type: "p",
        text: "If your club swaps rather than lends, a one-in-one-out rule keeps things balanced: take a book from the club's pile and you add one of your own. It stops the keenest readers emptying the table and gives everyone something to bring. Books offered this way can be marked Giving away on BookClub, so it is clear they are not expected back.",
      },
      { type: "h2", text: "Protect each other's privacy" },
      {
        type: "p",
        text: "Nobody should need to share a home address to borrow a book. Arrange handovers through direct messages, and keep addresses, phone numbers and workplaces out of the club's shared conversation. If two members become friends and choose to swap details, that is their business, but it should never be expected.",
      },
      { type: "h2", text: "Meet in public places" },
      {
        type: "p",
        text: "Hand books over at club meetings where you can. Otherwise, meet somewhere public and easy to reach: a library, a café or a station concourse during the day. This is safer for everyone, and it is simply easier than trying to find a stranger's front door.",
      },
      { type: "h2", text: "Resolve disagreements kindly" },
      {
        type: "p",
        text: "Most disputes are about a late return or a disappointed owner. Start with a private, friendly message that assumes good intent: people forget, move house or have a difficult month. If that does not settle it, ask a club organiser to help find a fair outcome, such as an agreed replacement or a new return date. Keep discussion out of the group chat, and once it is resolved, let it go. The aim is that everyone still wants to come to the next meeting.",
      },
      { type: "h2", text: "A ruleset you can copy" },
      {
        type: "p",
        text: "Paste this into a message to your members or your first meeting notes, and edit it to suit your group:",
      },
      {
        type: "ol",
        items: [
          "Lend books clean, complete and readable, and return them in the same state.",
          "Tell the borrower before lending anything fragile, signed or precious.",
          "The standard loan is three to four weeks. Ask before the date if you need longer.",
          "Ask to borrow by direct message, and agree the return date in that thread.",
          "Owners set the book to Lent when it goes out and Available when it comes back.",
          "If you lose or damage a book, tell the owner straight away and offer a replacement.",
          "No writing, highlighting or folding pages in borrowed books unless the owner says so.",
          "For swaps, it is one in, one out.",
          "Never ask for or share home addresses; hand books over at meetings or in public places.",
          "Raise problems privately and kindly, and ask an organiser if you cannot agree.",
        ],
      },
    ],
  },
  {
    slug: "declutter-your-shelf-10-tips",
    title: "Declutter your bookshelf: 10 tips",
    summary: "Ten practical tips for clearing a crowded bookshelf without regret, and how to pass the books you let go on to readers nearby through BookClub.",
    readingMinutes: 4,
    publishedOn: "2026-03-28",
    body: [
      {
        type: "p",
        text: "A crowded bookshelf creeps up on you. Books arrive as gifts, bargains and good intentions, and few ever leave. Clearing some out is not about owning fewer books for the sake of it; it is about making room for the ones you love and sending the rest to people who will read them. These ten tips will help you do it without regret.",
      },
      { type: "h2", text: "1. Take everything off the shelf" },
      {
        type: "p",
        text: "It sounds like more work, but it is quicker in the end. Books that stay on the shelf stay by default. Once every book is in a pile on the floor, each one has to earn its way back, and you will see how much you really have. Dust the shelf while it is empty.",
      },
      { type: "h2", text: "2. Decide what the shelf is for" },
      {
        type: "p",
        text: "Before you judge a single book, decide what you want the shelf to hold. Perhaps it is books you will reread, books you are about to read, and a few you like having around. A shelf with a purpose makes decisions easier: a book either fits it or it does not.",
      },
      { type: "h2", text: "3. Sort into three piles" },
      {
        type: "p",
        text: "Pick up each book and put it into one of three piles: keep, pass on, and not sure. Go quickly and trust your first reaction. Most books will be obvious. The not sure pile is there so you do not stall; you will come back to it.",
      },
      { type: "h2", text: "4. Be honest about 'one day'" },
      {
        type: "p",
        text: "Many shelves are full of books we mean to read one day. Ask yourself whether you would choose this book tonight over anything else. If you have owned it for years and the answer is still no, it can go to someone who will pick it up next week. You can always borrow it again if the moment ever comes.",
      },
      { type: "h2", text: "5. Keep the books with a story" },
      {
        type: "p",
        text: "Decluttering is not a purge. A book inscribed by a grandparent, the battered copy you read every summer or the first book your child read alone is worth its space, whatever its condition. Keep these without guilt. It is the books with no story attached that can usually move on.",
      },
      { type: "h2", text: "6. Look for duplicates and dated copies" },
      {
        type: "ul",
        items: [
          "Two copies of the same book: keep the nicer one.",
          "Old travel guides, where opening times and prices have long since changed.",
          "Out-of-date editions of textbooks, manuals and reference books.",
          "Course books from a subject you have finished with.",
        ],
      },
      {
        type: "p",
        text: "These are the easiest wins, and they often take up the most room.",
      },
      { type: "h2", text: "7. Give the 'not sure' pile a deadline" },
      {
        type: "p",
        text: "Put the undecided books in a box, write a date three months away on the side, and put it somewhere out of sight. If you have not gone looking for any of them by that date, pass the box on without opening it again. Anything you did fetch clearly belongs on the shelf.",
      },
      {
        type: "tip",
        text: "Keep a short list of the titles in the box. It makes letting go easier, because you will know what they were if you ever want one again.",
      },
      { type: "h2", text: "8. Think about who would love each book" },
      {
        type: "p",
        text: "Letting go is easier when you picture the next reader. A friend who has just taken up gardening, a niece who is working through a fantasy series, a club member who mentioned that author last month. Books that go to someone specific rarely feel like a loss. Set a few aside for particular people before listing the rest.",
      },
      { type: "h2", text: "9. Be realistic about damaged books" },
      {
        type: "p",
        text: "Books that are mouldy, water-damaged, falling apart or missing pages are not much of a gift, and charity shops and libraries often cannot use them. Check your local recycling rules; some ask you to remove hard covers first. Lightly worn books, on the other hand, are perfectly good to pass on. Most readers do not mind a creased spine.",
      },
      { type: "h2", text: "10. Put back less than will fit" },
      {
        type: "p",
        text: "When you reshelve the keep pile, leave some space at the end of each shelf. A shelf with gaps is easier to browse, kinder to the books and ready for what you read next. To stop it filling up again, try a one-in-one-out habit: when a new book arrives, choose one to move on.",
      },
      { type: "h2", text: "Passing books on through BookClub" },
      {
        type: "p",
        text: "Your pass-on pile can go straight to readers nearby. Listing a book takes moments:",
      },
      {
        type: "ol",
        items: [
          "Photograph the cover in the app. BookClub reads the title and author from the photo, so there is no typing.",
          "Set the book's status to Giving away, so members know it is free to a good home.",
          "When someone wants it, they will send you a direct message. Arrange a handover at a club meeting or in a public place.",
          "Once the book has gone, remove it from your shelf.",
        ],
      },
      {
        type: "p",
        text: "If you belong to a club, mention the books at your next meeting too. Someone there may have been hoping to find exactly that one.",
      },
    ],
  },
];

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
