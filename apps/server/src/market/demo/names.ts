// Word lists for the demo market. Everything here is invented: the name roots are made-up words,
// the fund sponsors are fictional, and no entry names or describes a real company, fund or listing.
// Tickers are built in generate.ts on a letter pattern (second letter Q or J, last letter Z or J)
// that real US listings do not use, so a demo symbol cannot be mistaken for a real one.

/** The 7 markets of spec §9. The spec's UI spells NYSE Arca 'NYSEACRA'; we store 'NYSEARCA'. */
export const MARKETS = ['NASDAQ', 'NYSE', 'AMEX', 'BATS', 'NYSEARCA', 'OTCBB', 'PINK'] as const;
export type DemoMarket = (typeof MARKETS)[number];

/** The 12 sectors of spec §9, exactly. */
export const SECTORS = [
  'Basic Materials', 'Consumer Discretionary', 'Consumer Staples', 'Energy', 'Finance', 'Health Care',
  'Industrials', 'Miscellaneous', 'Real Estate', 'Technology', 'Telecommunications', 'Utilities',
] as const;
export type DemoSector = (typeof SECTORS)[number];

/** Industry labels per sector, in the style of a US stock screener's classification. */
export const INDUSTRIES: Record<DemoSector, string[]> = {
  'Basic Materials': ['Major Chemicals', 'Precious Metals', 'Steel/Iron Ore', 'Paper', 'Mining & Quarrying of Nonmetallic Minerals', 'Agricultural Chemicals'],
  'Consumer Discretionary': ['Restaurants', 'Clothing/Shoe/Accessory Stores', 'Auto Parts:O.E.M.', 'Hotels/Resorts', 'Homebuilding', 'Catalog/Specialty Distribution', 'Recreational Games/Products/Toys'],
  'Consumer Staples': ['Packaged Foods', 'Beverages (Production/Distribution)', 'Food Chains', 'Farming/Seeds/Milling', 'Package Goods/Cosmetics'],
  Energy: ['Oil & Gas Production', 'Integrated oil Companies', 'Oilfield Services/Equipment', 'Natural Gas Distribution', 'Coal Mining', 'Oil Refining/Marketing'],
  Finance: ['Major Banks', 'Savings Institutions', 'Investment Bankers/Brokers/Service', 'Property-Casualty Insurers', 'Finance: Consumer Services', 'Investment Managers', 'Life Insurance'],
  'Health Care': ['Biotechnology: Pharmaceutical Preparations', 'Medical/Dental Instruments', 'Hospital/Nursing Management', 'Biotechnology: In Vitro & In Vivo Diagnostic Substances', 'Medical Specialities', 'Industrial Specialties'],
  Industrials: ['Industrial Machinery/Components', 'Aerospace', 'Trucking Freight/Courier Services', 'Electrical Products', 'Engineering & Construction', 'Building Products', 'Railroads'],
  Miscellaneous: ['Business Services', 'Multi-Sector Companies', 'Publishing', 'Office Equipment/Supplies/Services', 'Other Consumer Services'],
  'Real Estate': ['Real Estate Investment Trusts', 'Real Estate', 'Building operators', 'Homebuilding'],
  Technology: ['Computer Software: Prepackaged Software', 'Semiconductors', 'EDP Services', 'Computer Communications Equipment', 'Computer Manufacturing', 'Computer Software: Programming Data Processing', 'Electronic Components'],
  Telecommunications: ['Telecommunications Equipment', 'Cable & Other Pay Television Services', 'Radio And Television Broadcasting And Communications Equipment', 'Telephone Communications'],
  Utilities: ['Electric Utilities: Central', 'Water Supply', 'Power Generation', 'Natural Gas Distribution'],
};

/** Made-up word roots for company names (not trademarks, not real companies). */
export const NAME_ROOTS = [
  'Aldervane', 'Ambrovia', 'Arkelle', 'Auremont', 'Azurine', 'Balvorn', 'Bexley Moor', 'Brackwen', 'Caldimar',
  'Carrowind', 'Cindralo', 'Corvessa', 'Dalvantic', 'Darrowgate', 'Delmoria', 'Drevanth', 'Elderquay', 'Elvantis',
  'Emberlyn', 'Estravel', 'Falcrest', 'Feldaro', 'Fenwarro', 'Galdemere', 'Glenvarra', 'Granwick', 'Halverine',
  'Harrowmede', 'Helistra', 'Ilvanor', 'Istremo', 'Jardevin', 'Joravel', 'Kestrova', 'Kilvaro', 'Korranth',
  'Lavrenne', 'Lindqvar', 'Lorvella', 'Marrowfen', 'Meridane', 'Molvaric', 'Nardelle', 'Nevaris', 'Norquell',
  'Obrevia', 'Orlanthe', 'Ostravane', 'Palvorin', 'Pellarque', 'Quarneth', 'Quillon', 'Ravenmoor', 'Redvantis',
  'Rostavel', 'Salvadine', 'Selvarra', 'Sorrelwyn', 'Stravenna', 'Tallorien', 'Tarvessa', 'Thornquill', 'Tolvara',
  'Ulvessan', 'Umbrelle', 'Valdoria', 'Varenta', 'Velmarro', 'Verdanth', 'Wexmoor', 'Wilvarra', 'Wyndrel',
  'Xandrell', 'Yarrowdene', 'Yelvarin', 'Zandemar', 'Zelvorin', 'Zorvanta',
];

/** Second words, by sector, so a name hints at what the company does. */
export const NAME_WORDS: Record<DemoSector, string[]> = {
  'Basic Materials': ['Minerals', 'Chemical', 'Alloys', 'Timber', 'Polymers', 'Metals'],
  'Consumer Discretionary': ['Outfitters', 'Leisure', 'Motors', 'Kitchens', 'Homes', 'Apparel'],
  'Consumer Staples': ['Foods', 'Farms', 'Provisions', 'Brewing', 'Pantry', 'Household'],
  Energy: ['Petroleum', 'Energy', 'Drilling', 'Midstream', 'Fuels', 'Resources'],
  Finance: ['Bancorp', 'Financial', 'Capital', 'Trust', 'Assurance', 'Lending'],
  'Health Care': ['Therapeutics', 'Biosciences', 'Medical', 'Diagnostics', 'Pharma', 'Health'],
  Industrials: ['Industries', 'Aerospace', 'Logistics', 'Machinery', 'Engineering', 'Freight'],
  Miscellaneous: ['Ventures', 'Services', 'Partners', 'Group', 'Enterprises', 'Media'],
  'Real Estate': ['Realty', 'Properties', 'Land', 'Residential', 'Estates', 'Towers'],
  Technology: ['Systems', 'Software', 'Semiconductor', 'Networks', 'Data', 'Labs'],
  Telecommunications: ['Telecom', 'Wireless', 'Broadband', 'Signal', 'Cable', 'Communications'],
  Utilities: ['Power', 'Water', 'Electric', 'Gas & Light', 'Grid', 'Utilities'],
};

export const NAME_SUFFIXES = ['Inc.', 'Corp.', 'Holdings Inc.', 'Co.', 'Group Inc.', 'Ltd.', 'PLC', 'Inc. Class A'];

/** Fictional fund sponsors for the demo ETFs. */
export const ETF_SPONSORS = ['Northcairn', 'Bluefallow', 'Stoneharbor Quay', 'Graylantern', 'Meadowfield', 'Ironvale', 'Silverbirch Lane', 'Pinecrest Arc'];

/** ETF themes: a sector-focused fund carries that sector; broad and asset-class funds are Miscellaneous. */
export const ETF_THEMES: Array<{ theme: string; sector: DemoSector; industry: string; vol: number }> = [
  { theme: 'Total Market', sector: 'Miscellaneous', industry: 'Broad Market ETF', vol: 0.16 },
  { theme: 'Large-Cap Core', sector: 'Miscellaneous', industry: 'Broad Market ETF', vol: 0.15 },
  { theme: 'Small-Cap Value', sector: 'Miscellaneous', industry: 'Broad Market ETF', vol: 0.22 },
  { theme: 'Mid-Cap Growth', sector: 'Miscellaneous', industry: 'Broad Market ETF', vol: 0.2 },
  { theme: 'Dividend Leaders', sector: 'Miscellaneous', industry: 'Broad Market ETF', vol: 0.14 },
  { theme: 'Short Treasury', sector: 'Finance', industry: 'Bond ETF', vol: 0.03 },
  { theme: 'Aggregate Bond', sector: 'Finance', industry: 'Bond ETF', vol: 0.06 },
  { theme: 'Gold Trust', sector: 'Basic Materials', industry: 'Commodity ETF', vol: 0.16 },
  { theme: 'Materials Select', sector: 'Basic Materials', industry: 'Sector ETF', vol: 0.21 },
  { theme: 'Consumer Discretionary Select', sector: 'Consumer Discretionary', industry: 'Sector ETF', vol: 0.21 },
  { theme: 'Consumer Staples Select', sector: 'Consumer Staples', industry: 'Sector ETF', vol: 0.14 },
  { theme: 'Energy Select', sector: 'Energy', industry: 'Sector ETF', vol: 0.28 },
  { theme: 'Financials Select', sector: 'Finance', industry: 'Sector ETF', vol: 0.2 },
  { theme: 'Health Care Select', sector: 'Health Care', industry: 'Sector ETF', vol: 0.16 },
  { theme: 'Biotech Equal Weight', sector: 'Health Care', industry: 'Sector ETF', vol: 0.3 },
  { theme: 'Industrials Select', sector: 'Industrials', industry: 'Sector ETF', vol: 0.19 },
  { theme: 'Real Estate Select', sector: 'Real Estate', industry: 'Sector ETF', vol: 0.2 },
  { theme: 'Technology Select', sector: 'Technology', industry: 'Sector ETF', vol: 0.23 },
  { theme: 'Semiconductor Index', sector: 'Technology', industry: 'Sector ETF', vol: 0.32 },
  { theme: 'Communication Services', sector: 'Telecommunications', industry: 'Sector ETF', vol: 0.2 },
  { theme: 'Utilities Select', sector: 'Utilities', industry: 'Sector ETF', vol: 0.15 },
];
