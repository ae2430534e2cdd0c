import FoundationEssentials
import GrainSupport

/// Turns the country part of an address into an ISO 3166-1 alpha-2 code, as Grain's
/// AppView does for `locationDisplay` (`normalizeCountry` in
/// `grainsocial/grain: server/helpers/country.ts`): trimmed and upper-cased; "USA" and
/// English country names become their code; anything else is returned upper-cased.
///
/// Grain builds its name table at run time from `Intl.DisplayNames` (CLDR's English
/// names). The table here is fixed so results never depend on the ICU data a build
/// happens to carry. It was generated once from CLDR's English names (Foundation's
/// `Locale(identifier: "en").localizedString(forRegionCode:)`, with "China" for CN
/// where Apple's data says "China mainland") for the 249 assigned codes of Debian's
/// `iso-codes` 4.15 (`iso_3166-1.json`) plus XK (Kosovo, which Nominatim uses); the
/// aliases add the ISO short and common names and the usual English variants.
enum CountryCodes {
    /// The canonical code for `raw`, or nil when it is empty or only whitespace.
    static func normalize(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let key = raw.trimmingWhitespaceAndNewlines().uppercased()
        guard !key.isEmpty else { return nil }
        return byName[key] ?? key
    }

    /// Upper-cased names and aliases to codes; the first spelling listed wins.
    private static let byName: [String: String] = {
        var table: [String: String] = [:]
        for (code, name) in cldrNames where table[name.uppercased()] == nil {
            table[name.uppercased()] = code
        }
        for (name, code) in aliases + variants where table[name.uppercased()] == nil {
            table[name.uppercased()] = code
        }
        return table
    }()

    /// CLDR's English name for each assigned code.
    private static let cldrNames: [(String, String)] = [
        ("AD", "Andorra"), ("AE", "United Arab Emirates"), ("AF", "Afghanistan"), ("AG", "Antigua & Barbuda"),
        ("AI", "Anguilla"), ("AL", "Albania"), ("AM", "Armenia"), ("AO", "Angola"), ("AQ", "Antarctica"),
        ("AR", "Argentina"), ("AS", "American Samoa"), ("AT", "Austria"), ("AU", "Australia"), ("AW", "Aruba"),
        ("AX", "Åland Islands"), ("AZ", "Azerbaijan"), ("BA", "Bosnia & Herzegovina"), ("BB", "Barbados"),
        ("BD", "Bangladesh"), ("BE", "Belgium"), ("BF", "Burkina Faso"), ("BG", "Bulgaria"), ("BH", "Bahrain"),
        ("BI", "Burundi"), ("BJ", "Benin"), ("BL", "St. Barthélemy"), ("BM", "Bermuda"), ("BN", "Brunei"),
        ("BO", "Bolivia"), ("BQ", "Caribbean Netherlands"), ("BR", "Brazil"), ("BS", "Bahamas"), ("BT", "Bhutan"),
        ("BV", "Bouvet Island"), ("BW", "Botswana"), ("BY", "Belarus"), ("BZ", "Belize"), ("CA", "Canada"),
        ("CC", "Cocos (Keeling) Islands"), ("CD", "Congo - Kinshasa"), ("CF", "Central African Republic"),
        ("CG", "Congo - Brazzaville"), ("CH", "Switzerland"), ("CI", "Côte d’Ivoire"), ("CK", "Cook Islands"),
        ("CL", "Chile"), ("CM", "Cameroon"), ("CN", "China"), ("CO", "Colombia"), ("CR", "Costa Rica"),
        ("CU", "Cuba"), ("CV", "Cape Verde"), ("CW", "Curaçao"), ("CX", "Christmas Island"), ("CY", "Cyprus"),
        ("CZ", "Czechia"), ("DE", "Germany"), ("DJ", "Djibouti"), ("DK", "Denmark"), ("DM", "Dominica"),
        ("DO", "Dominican Republic"), ("DZ", "Algeria"), ("EC", "Ecuador"), ("EE", "Estonia"), ("EG", "Egypt"),
        ("EH", "Western Sahara"), ("ER", "Eritrea"), ("ES", "Spain"), ("ET", "Ethiopia"), ("FI", "Finland"),
        ("FJ", "Fiji"), ("FK", "Falkland Islands"), ("FM", "Micronesia"), ("FO", "Faroe Islands"), ("FR", "France"),
        ("GA", "Gabon"), ("GB", "United Kingdom"), ("GD", "Grenada"), ("GE", "Georgia"), ("GF", "French Guiana"),
        ("GG", "Guernsey"), ("GH", "Ghana"), ("GI", "Gibraltar"), ("GL", "Greenland"), ("GM", "Gambia"),
        ("GN", "Guinea"), ("GP", "Guadeloupe"), ("GQ", "Equatorial Guinea"), ("GR", "Greece"),
        ("GS", "So. Georgia & So. Sandwich Isl."), ("GT", "Guatemala"), ("GU", "Guam"), ("GW", "Guinea-Bissau"),
        ("GY", "Guyana"), ("HK", "Hong Kong"), ("HM", "Heard & McDonald Islands"), ("HN", "Honduras"),
        ("HR", "Croatia"), ("HT", "Haiti"), ("HU", "Hungary"), ("ID", "Indonesia"), ("IE", "Ireland"),
        ("IL", "Israel"), ("IM", "Isle of Man"), ("IN", "India"), ("IO", "Chagos Archipelago"), ("IQ", "Iraq"),
        ("IR", "Iran"), ("IS", "Iceland"), ("IT", "Italy"), ("JE", "Jersey"), ("JM", "Jamaica"), ("JO", "Jordan"),
        ("JP", "Japan"), ("KE", "Kenya"), ("KG", "Kyrgyzstan"), ("KH", "Cambodia"), ("KI", "Kiribati"),
        ("KM", "Comoros"), ("KN", "St. Kitts & Nevis"), ("KP", "North Korea"), ("KR", "South Korea"),
        ("KW", "Kuwait"), ("KY", "Cayman Islands"), ("KZ", "Kazakhstan"), ("LA", "Laos"), ("LB", "Lebanon"),
        ("LC", "St. Lucia"), ("LI", "Liechtenstein"), ("LK", "Sri Lanka"), ("LR", "Liberia"), ("LS", "Lesotho"),
        ("LT", "Lithuania"), ("LU", "Luxembourg"), ("LV", "Latvia"), ("LY", "Libya"), ("MA", "Morocco"),
        ("MC", "Monaco"), ("MD", "Moldova"), ("ME", "Montenegro"), ("MF", "St. Martin"), ("MG", "Madagascar"),
        ("MH", "Marshall Islands"), ("MK", "North Macedonia"), ("ML", "Mali"), ("MM", "Myanmar (Burma)"),
        ("MN", "Mongolia"), ("MO", "Macao"), ("MP", "Northern Mariana Islands"), ("MQ", "Martinique"),
        ("MR", "Mauritania"), ("MS", "Montserrat"), ("MT", "Malta"), ("MU", "Mauritius"), ("MV", "Maldives"),
        ("MW", "Malawi"), ("MX", "Mexico"), ("MY", "Malaysia"), ("MZ", "Mozambique"), ("NA", "Namibia"),
        ("NC", "New Caledonia"), ("NE", "Niger"), ("NF", "Norfolk Island"), ("NG", "Nigeria"), ("NI", "Nicaragua"),
        ("NL", "Netherlands"), ("NO", "Norway"), ("NP", "Nepal"), ("NR", "Nauru"), ("NU", "Niue"),
        ("NZ", "New Zealand"), ("OM", "Oman"), ("PA", "Panama"), ("PE", "Peru"), ("PF", "French Polynesia"),
        ("PG", "Papua New Guinea"), ("PH", "Philippines"), ("PK", "Pakistan"), ("PL", "Poland"),
        ("PM", "St. Pierre & Miquelon"), ("PN", "Pitcairn Islands"), ("PR", "Puerto Rico"),
        ("PS", "Palestinian Territories"), ("PT", "Portugal"), ("PW", "Palau"), ("PY", "Paraguay"), ("QA", "Qatar"),
        ("RE", "Réunion"), ("RO", "Romania"), ("RS", "Serbia"), ("RU", "Russia"), ("RW", "Rwanda"),
        ("SA", "Saudi Arabia"), ("SB", "Solomon Islands"), ("SC", "Seychelles"), ("SD", "Sudan"), ("SE", "Sweden"),
        ("SG", "Singapore"), ("SH", "St. Helena"), ("SI", "Slovenia"), ("SJ", "Svalbard & Jan Mayen"),
        ("SK", "Slovakia"), ("SL", "Sierra Leone"), ("SM", "San Marino"), ("SN", "Senegal"), ("SO", "Somalia"),
        ("SR", "Suriname"), ("SS", "South Sudan"), ("ST", "São Tomé & Príncipe"), ("SV", "El Salvador"),
        ("SX", "Sint Maarten"), ("SY", "Syria"), ("SZ", "Eswatini"), ("TC", "Turks & Caicos Islands"), ("TD", "Chad"),
        ("TF", "French Southern Territories"), ("TG", "Togo"), ("TH", "Thailand"), ("TJ", "Tajikistan"),
        ("TK", "Tokelau"), ("TL", "Timor-Leste"), ("TM", "Turkmenistan"), ("TN", "Tunisia"), ("TO", "Tonga"),
        ("TR", "Türkiye"), ("TT", "Trinidad & Tobago"), ("TV", "Tuvalu"), ("TW", "Taiwan"), ("TZ", "Tanzania"),
        ("UA", "Ukraine"), ("UG", "Uganda"), ("UM", "U.S. Outlying Islands"), ("US", "United States"),
        ("UY", "Uruguay"), ("UZ", "Uzbekistan"), ("VA", "Vatican City"), ("VC", "St. Vincent & Grenadines"),
        ("VE", "Venezuela"), ("VG", "British Virgin Islands"), ("VI", "U.S. Virgin Islands"), ("VN", "Vietnam"),
        ("VU", "Vanuatu"), ("WF", "Wallis & Futuna"), ("WS", "Samoa"), ("XK", "Kosovo"), ("YE", "Yemen"),
        ("YT", "Mayotte"), ("ZA", "South Africa"), ("ZM", "Zambia"), ("ZW", "Zimbabwe"),
    ]

    /// ISO 3166-1 short and common names that differ from CLDR's.
    private static let aliases: [(String, String)] = [
        ("Antigua and Barbuda", "AG"), ("Bosnia and Herzegovina", "BA"), ("Saint Barthélemy", "BL"),
        ("Brunei Darussalam", "BN"), ("Bolivia, Plurinational State of", "BO"),
        ("Bonaire, Sint Eustatius and Saba", "BQ"), ("Congo, The Democratic Republic of the", "CD"), ("Congo", "CG"),
        ("Côte d'Ivoire", "CI"), ("Cabo Verde", "CV"), ("Falkland Islands (Malvinas)", "FK"),
        ("Micronesia, Federated States of", "FM"), ("South Georgia and the South Sandwich Islands", "GS"),
        ("Heard Island and McDonald Islands", "HM"), ("British Indian Ocean Territory", "IO"),
        ("Iran, Islamic Republic of", "IR"), ("Saint Kitts and Nevis", "KN"),
        ("Korea, Democratic People's Republic of", "KP"), ("Korea, Republic of", "KR"),
        ("Lao People's Democratic Republic", "LA"), ("Saint Lucia", "LC"), ("Moldova, Republic of", "MD"),
        ("Saint Martin (French part)", "MF"), ("Myanmar", "MM"), ("Saint Pierre and Miquelon", "PM"),
        ("Pitcairn", "PN"), ("Palestine, State of", "PS"), ("Russian Federation", "RU"),
        ("Saint Helena, Ascension and Tristan da Cunha", "SH"), ("Svalbard and Jan Mayen", "SJ"),
        ("Sao Tome and Principe", "ST"), ("Sint Maarten (Dutch part)", "SX"), ("Syrian Arab Republic", "SY"),
        ("Turks and Caicos Islands", "TC"), ("Trinidad and Tobago", "TT"), ("Taiwan, Province of China", "TW"),
        ("Tanzania, United Republic of", "TZ"), ("United States Minor Outlying Islands", "UM"),
        ("Holy See (Vatican City State)", "VA"), ("Saint Vincent and the Grenadines", "VC"),
        ("Venezuela, Bolivarian Republic of", "VE"), ("Virgin Islands, British", "VG"),
        ("Virgin Islands, U.S.", "VI"), ("Viet Nam", "VN"), ("Wallis and Futuna", "WF"),
    ]

    /// Spellings people and older data sets use ("USA" is the one Grain lists).
    private static let variants: [(String, String)] = [
        ("USA", "US"), ("U.S.A.", "US"), ("United States of America", "US"), ("Great Britain", "GB"),
        ("Turkey", "TR"), ("Czech Republic", "CZ"), ("Burma", "MM"), ("Ivory Coast", "CI"), ("Macedonia", "MK"),
        ("Swaziland", "SZ"), ("East Timor", "TL"), ("The Netherlands", "NL"), ("Holland", "NL"),
        ("Democratic Republic of the Congo", "CD"), ("Republic of the Congo", "CG"), ("Palestine", "PS"),
        ("Vatican", "VA"), ("Republic of Korea", "KR"),
    ]
}
