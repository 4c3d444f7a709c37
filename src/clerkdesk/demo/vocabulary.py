"""Words the demo town is made of. Invented people; common New England places and breeds."""

from __future__ import annotations

FIRST_NAMES = (
    "James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara "
    "Richard Susan Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy "
    "Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily "
    "Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah "
    "Timothy Stephanie Ronald Dorothy Jason Rebecca Edward Sharon Jeffrey Laura Ryan Cynthia "
    "Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Brenda Stephen Emma Larry "
    "Anna Justin Pamela Scott Nicole Brandon Samantha Benjamin Katherine Samuel Christine "
    "Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia "
    "Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan "
    "Joyce Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia "
    "Ethan Judith Jeremy Evelyn Walter Hannah Christian Andrea Keith Megan Roger Cheryl "
    "Terry Jacqueline Austin Madison Sean Teresa Gerald Abigail Carl Sophia Harold Martha "
    "Dylan Sara Arthur Gloria Lawrence Janice Jordan Kathryn Jesse Ann Bryan Isabella Billy "
    "Judy Bruce Charlotte Gabriel Julia Joe Grace Logan Amber Alan Alice Juan Denise Albert "
    "Danielle Willie Marilyn Elijah Beverly Wayne Natalie Randy Theresa Vincent Diana Mason "
    "Brittany Roy Doris Ralph Kayla Bobby Alexis Russell Lori Bradley Marie Philip Tiffany"
).split()

LAST_NAMES = (
    "Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez "
    "Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson "
    "White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott "
    "Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter "
    "Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart "
    "Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed "
    "Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray "
    "Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez "
    "Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales "
    "Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds "
    "Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar "
    "Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington "
    "Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson "
    "Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes "
    "Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice "
    "Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant "
    "Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley "
    "Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado "
    "Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis "
    "Carpenter Lawrence Sandoval Guerrero George Chapman Rios Estrada Ortega Watkins Greene "
    "Nunez Wheeler Valdez Harper Burke Larson Santiago Maldonado Morrison Franklin Carlson "
    "Austin Dominguez Carr Lawson Jacobs OBrien Lynch Singh Vega Bishop Montgomery Oliver "
    "Doherty Flaherty Sousa Medeiros Pacheco Costa Rezendes Almeida Furtado Correia Tavares"
).split()

STREETS = (
    "Main St|Elm St|Oak St|Maple Ave|Church St|School St|High St|Pleasant St|Washington St|"
    "Prospect St|Summer St|Union St|Spring St|Chestnut St|Walnut St|Highland Ave|Park St|"
    "Mill St|Water St|Cedar St|Pine St|Lake Ave|Hill St|Forest St|Brook St|Green St|"
    "Winter St|North St|South St|West St|East Main St|Lincoln St|Adams St|Franklin St|"
    "Grove St|River Rd|Meadow Ln|Orchard Rd|Birch Rd|Hemlock Dr|Juniper Ln|Partridge Hill Rd|"
    "Fisher St|Milk St|Ruggles St|Brigham St|Flanders Rd|Cottage St|Oakland St|Bridge St|"
    "Harbor View Ave|Sconticut Neck Rd|Alden Rd|Bellevue St|Mill Rd|Shaw Rd|Huttleston Ave|"
    "Christian St|Lyman St|Arch St|Hopkinton Rd|Upton Rd|Nourse St|Phillips Rd|Eli Whitney St|"
    "Robin Hill Rd|Smith Pkwy|Colonial Dr|Country Club Dr|Deer Run|Fox Run Rd|Old Farm Rd|"
    "Sunset Dr|Valley Rd|Woodland Rd|Cherry St|Academy St|Bay St|Center St|Cross St"
).split("|")

DOG_NAMES = (
    "Max Bella Charlie Luna Cooper Lucy Buddy Daisy Rocky Bailey Duke Sadie Bear Molly "
    "Tucker Maggie Jack Lola Oliver Sophie Teddy Chloe Milo Penny Riley Zoe Toby Stella "
    "Bentley Rosie Murphy Lily Winston Roxy Zeus Gracie Louie Ruby Sam Coco Harley Nala "
    "Jake Ellie Bruno Abby Gus Willow Oscar Piper Finn Dixie Rex Honey Moose Ginger Hank "
    "Pepper Leo Millie Jax Lady Ollie Izzy Diesel Hazel Koda Mia Thor Annie Boomer Callie "
    "Scout Athena Ranger Belle Apollo Harper Rusty Minnie Archie Marley Bandit Olive Baxter "
    "Maya Blue Nova Chief Juno Copper Phoebe Murphy Sasha Rufus Cleo Shadow Layla Tank "
    "Kona Ziggy Poppy Otis Frankie Biscuit Mabel Ace Sunny Beau Trixie Jasper Ivy Henry"
).split()

# (breed, relative frequency, usual colours)
BREEDS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("Labrador Retriever", 14, ("Black", "Yellow", "Chocolate")),
    ("Golden Retriever", 9, ("Golden", "Cream", "Red")),
    ("German Shepherd", 7, ("Black/Tan", "Sable", "Black")),
    ("Mixed Breed", 16, ("Brown", "Black/White", "Tan", "Brindle", "Tricolor")),
    ("Beagle", 5, ("Tricolor", "Lemon/White")),
    ("Poodle", 4, ("White", "Black", "Apricot")),
    ("Labradoodle", 4, ("Cream", "Apricot", "Chocolate")),
    ("Goldendoodle", 4, ("Cream", "Golden", "Red")),
    ("French Bulldog", 3, ("Fawn", "Brindle", "Cream")),
    ("Bulldog", 2, ("Fawn/White", "Brindle")),
    ("Boxer", 3, ("Fawn", "Brindle")),
    ("Dachshund", 3, ("Red", "Black/Tan", "Dapple")),
    ("Yorkshire Terrier", 3, ("Blue/Tan",)),
    ("Shih Tzu", 3, ("Gold/White", "Black/White")),
    ("Cavalier King Charles Spaniel", 2, ("Blenheim", "Tricolor")),
    ("Australian Shepherd", 3, ("Blue Merle", "Red Merle", "Black Tri")),
    ("Border Collie", 2, ("Black/White", "Red/White")),
    ("Siberian Husky", 2, ("Gray/White", "Black/White", "Red/White")),
    ("Pembroke Welsh Corgi", 2, ("Red/White", "Sable")),
    ("Boston Terrier", 2, ("Black/White", "Brindle/White")),
    ("Chihuahua", 3, ("Fawn", "Black", "Chocolate")),
    ("Pit Bull Terrier", 4, ("Blue", "Brindle", "White", "Fawn")),
    ("Rottweiler", 2, ("Black/Rust",)),
    ("Bernese Mountain Dog", 1, ("Tricolor",)),
    ("Cocker Spaniel", 2, ("Buff", "Black", "Parti")),
    ("Jack Russell Terrier", 2, ("White/Tan", "Tricolor")),
    ("Havanese", 1, ("Cream", "Black", "Silver")),
    ("Shetland Sheepdog", 1, ("Sable/White", "Blue Merle")),
    ("Great Dane", 1, ("Fawn", "Harlequin", "Black")),
    ("Newfoundland", 1, ("Black", "Brown")),
)

CLINICS = (
    ("Westborough Animal Hospital", "Dr. Anne Kowalski"),
    ("Harbor Veterinary Clinic", "Dr. Luis Medeiros"),
    ("Assabet Valley Veterinary", "Dr. Priya Raman"),
    ("Route 9 Pet Care", "Dr. Thomas Greene"),
    ("Sconset Animal Clinic", "Dr. Maureen Flaherty"),
    ("Central Mass Veterinary Associates", "Dr. Kevin Liu"),
    ("Town Line Veterinary Hospital", "Dr. Sarah Okafor"),
    ("Rabies Clinic at the Town Barn", "Dr. Robert Almeida"),
)

VACCINES = (("Imrab 3", 3), ("Rabvac 3", 3), ("Defensor 3", 3), ("Nobivac 1-Rabies", 1))

# City, ZIP and telephone area code of the place each preset's demo town stands in.
TOWN_PLACES: dict[str, tuple[str, str, str]] = {
    "westborough": ("Westborough", "01581", "508"),
    "fairhaven": ("Fairhaven", "02719", "508"),
    "sample-city": ("Sample City", "01601", "774"),
    "sample-town": ("Sample Town", "01701", "978"),
}
DEFAULT_PLACE = ("Springfield", "01103", "413")
